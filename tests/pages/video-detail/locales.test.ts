// The detail and play namespaces exist in all five languages with the same
// keys, and the spec's Chinese messages are in the zh pack verbatim.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const LANGUAGES = ['pt-BR', 'zh', 'en', 'ja', 'ko'];
type Pack = { [key: string]: string | Pack };

function load(lang: string, ns: string): Pack {
  return JSON.parse(readFileSync(new URL(`../../../src/i18n/locales/${lang}/${ns}.json`, import.meta.url), 'utf8')) as Pack;
}

function flat(pack: Pack, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(pack)) Object.assign(out, typeof v === 'string' ? { [`${prefix}${k}`]: v } : flat(v, `${prefix}${k}.`));
  return out;
}

describe('detail and play strings', () => {
  for (const ns of ['detail', 'play']) {
    it(`${ns}: the same keys in every language, none blank, the same {{variables}}`, () => {
      const reference = flat(load('pt-BR', ns));
      for (const lang of LANGUAGES) {
        const pack = flat(load(lang, ns));
        expect(Object.keys(pack).sort(), lang).toEqual(Object.keys(reference).sort());
        for (const [key, value] of Object.entries(pack)) {
          expect(value.trim(), `${lang} ${ns}:${key}`).not.toBe('');
          expect(value.match(/\{\{\w+\}\}/g) ?? [], `${lang} ${ns}:${key}`).toEqual(reference[key].match(/\{\{\w+\}\}/g) ?? []);
        }
      }
    });
  }

  it('zh holds the spec messages verbatim', () => {
    expect(flat(load('zh', 'play'))['errors.invalidId']).toBe('无效的视频ID');
    expect(flat(load('zh', 'detail'))['errors.invalidId']).toBe('无效的视频ID');
    expect(flat(load('zh', 'detail'))['randomWatch']).toBe('刷着看');
  });
});
