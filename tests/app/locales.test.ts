import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const load = (lang: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lang}/app.json`, import.meta.url), 'utf8')) as Record<string, Record<string, string>>;

/** Keys without plural suffixes: languages differ in plural forms. */
function baseKeys(pack: Record<string, Record<string, string>>): string[] {
  const keys = new Set<string>();
  for (const [group, entries] of Object.entries(pack)) for (const key of Object.keys(entries)) keys.add(`${group}.${key.replace(/_(zero|one|two|few|many|other)$/, '')}`);
  return [...keys].sort();
}

describe('app namespace strings', () => {
  it('pt-BR and zh have the same keys', () => {
    expect(baseKeys(load('zh'))).toEqual(baseKeys(load('pt-BR')));
  });

  it('has every key the tab bar and overlay use', () => {
    const keys = baseKeys(load('pt-BR'));
    for (const key of ['tabs.label', 'tabs.douyin', 'tabs.discover', 'tabs.navigation', 'tabs.sso', 'tabs.ssoReady', 'tabs.ssoEligible', 'tabs.ssoLink', 'tabs.badge', 'fatal.title', 'fatal.message', 'fatal.reload']) {
      expect(keys).toContain(key);
    }
  });
});
