import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { failurePageUrl, isSafeReturnPath, showFailurePage } from '../../src/shell/failure-page';

describe('static failure page', () => {
  it('points at /failure.html with the reason and the return path, without accessToken', () => {
    const url = failurePageUrl('mount', { pathname: '/', search: '?n=discover&accessToken=tok&utm_source=a' });
    const parsed = new URL(url, 'https://x.example');
    expect(parsed.pathname).toBe('/failure.html');
    expect(parsed.searchParams.get('from')).toBe('mount');
    expect(parsed.searchParams.get('return')).toBe('/?n=discover&utm_source=a');
    expect(url).not.toContain('tok');
  });

  it('replaces the document with it', () => {
    const replaced: string[] = [];
    showFailurePage({ pathname: '/', search: '', replace: (u) => void replaced.push(u) }, 'language');
    expect(replaced).toEqual(['/failure.html?from=language&return=%2F']);
  });

  it('only same-origin paths are return addresses', () => {
    expect(isSafeReturnPath('/?n=douyin')).toBe(true);
    expect(isSafeReturnPath('//evil.example/')).toBe(false);
    expect(isSafeReturnPath('/\\evil.example')).toBe(false);
    expect(isSafeReturnPath('https://evil.example/')).toBe(false);
  });

  it('the page itself has a refresh button, a 5 s automatic reload and pt-BR text', () => {
    const html = readFileSync(new URL('../../public/failure.html', import.meta.url), 'utf8');
    expect(html).toContain('lang="pt-BR"');
    expect(html).toMatch(/<button id="refresh"/);
    expect(html).toContain('RELOAD_SECONDS = 5');
    expect(html).toContain('Atualizar agora');
  });
});
