import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, html } from '../../server/routes/partner/html';
import { accountPage } from '../../server/routes/partner/pages';
import { signToken } from '../../server/services/sso/tokens';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

describe('partner HTML', () => {
  it('escapes every interpolated string and keeps only markup it built', () => {
    expect(escapeHtml(`<script>alert("x")</script>&'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${'" onmouseover="x'}">${inner}${[html`<u>${'&'}</u>`]}${7}</p>`.value).toBe('<p title="&quot; onmouseover=&quot;x"><b>&lt;i&gt;</b><u>&amp;</u>7</p>');
  });

  it('cannot be made to run script by a hostile account name or return address', () => {
    const out = accountPage({ ok: true, accountId: '<img src=x onerror=alert(1)>', playerId: 'P"><script>', points: 5, signedOnAt: new Date(0), returnUrl: '/?accessToken="><script>alert(1)</script>' });
    expect(out).not.toMatch(/<img|<script/);
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('href="/?accessToken=&quot;&gt;&lt;script&gt;');
  });
});

describe.each(databaseKinds)('demo partner site on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('shows its home page without a token, linking back to the app', async () => {
    const r = await get('/partner/');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.body).toContain('<h1>win667</h1>');
    expect(r.body).toContain('Junte 1000 pontos');
    expect(r.body).toContain('<a href="/">Voltar ao app</a>');
  });

  it('sends no referrer, allows no script and is never cached', async () => {
    const r = await get('/partner/?token=abc');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('redirects /partner to /partner/ keeping the query', async () => {
    const r = await get('/partner?token=abc');
    expect(r.statusCode).toBe(301);
    expect(r.headers.location).toBe('/partner/?token=abc');
  });

  it('refuses bad tokens with a clear page and a link back', async () => {
    const secret = t.config.ssoSecret ?? '';
    const expired = await signToken(secret, 'sso', { playerId: 'P1', accountId: 'w667_x' }, 300, new Date(Date.now() - 600_000));
    const forged = await signToken('someone-elses-secret-0123456789abcdefgh', 'sso', { playerId: 'P1', accountId: 'w667_x' }, 300);
    const returnKind = await signToken(secret, 'return', { playerId: 'P1' }, 300);
    const unknownPlayer = await signToken(secret, 'sso', { playerId: 'PNOBODY', accountId: 'w667_x' }, 300);
    const cases: [string, string, RegExp][] = [
      [expired.token, 'expired', /expirou/],
      [forged.token, 'signature', /assinatura incorreta/],
      [returnKind.token, 'kind', /não é um link de acesso/],
      [unknownPlayer.token, 'unknown_player', /não existe mais/],
      ['', 'malformed', /incompleto ou corrompido/],
    ];
    for (const [token, reason, text] of cases) {
      const r = await get(`/partner/?token=${encodeURIComponent(token)}`);
      expect(r.statusCode).toBe(401);
      expect(r.body).toContain(`data-reason="${reason}"`);
      expect(r.body).toMatch(text);
      expect(r.body).toContain('<a href="/">Voltar ao app</a>');
    }
    const twice = await get('/partner/?token=a&token=b');
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('data-reason="malformed"');
  });
});
