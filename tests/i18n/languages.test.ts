import { describe, expect, it } from 'vitest';
import { buildLanguages, matchLanguage, queryLanguage } from '../../src/i18n/languages';

const ALL = ['pt-BR', 'zh', 'en', 'ja', 'ko'];

describe('matchLanguage', () => {
  it('accepts the codes in any letter case and region variants of a base language', () => {
    expect(matchLanguage('ja')).toBe('ja');
    expect(matchLanguage('KO')).toBe('ko');
    expect(matchLanguage('pt-br')).toBe('pt-BR');
    expect(matchLanguage('pt')).toBe('pt-BR');
    expect(matchLanguage('pt_PT')).toBe('pt-BR');
    expect(matchLanguage('zh-CN')).toBe('zh');
    expect(matchLanguage(' en-US ')).toBe('en');
  });

  it('refuses unknown, empty and absent codes, and languages the build does not offer', () => {
    for (const raw of ['fr', 'english', '', '  ', null, undefined, 'p', '<script>']) expect(matchLanguage(raw), String(raw)).toBeNull();
    expect(matchLanguage('ja', ['pt-BR', 'en'])).toBeNull();
  });
});

describe('buildLanguages (VITE_LANGUAGES)', () => {
  it('unset, empty or nothing valid: all five, the default first', () => {
    for (const list of [undefined, '', ' , ', 'fr,de']) expect(buildLanguages(list, 'pt-BR'), String(list)).toEqual(ALL);
    expect(buildLanguages(undefined, 'ja')).toEqual(['ja', 'pt-BR', 'zh', 'en', 'ko']);
  });

  it('a comma list picks languages, normalised and without repeats; the default is always offered', () => {
    expect(buildLanguages('en, ja', 'pt-BR')).toEqual(['pt-BR', 'en', 'ja']);
    expect(buildLanguages('EN,zh-CN,xx,en', 'pt-BR')).toEqual(['pt-BR', 'en', 'zh']);
    expect(buildLanguages('pt-BR', 'pt-BR')).toEqual(['pt-BR']);
    expect(buildLanguages('ko', 'zh')).toEqual(['zh', 'ko']);
  });
});

describe('queryLanguage (?lang=)', () => {
  it('switches only in debug mode', () => {
    expect(queryLanguage('?debug=true&lang=en', true, ALL)).toBe('en');
    expect(queryLanguage('?lang=en', false, ALL)).toBeNull();
  });

  it('ignores a missing, unknown or unoffered language', () => {
    expect(queryLanguage('?debug=true', true, ALL)).toBeNull();
    expect(queryLanguage('?lang=fr', true, ALL)).toBeNull();
    expect(queryLanguage('?lang=ja', true, ['pt-BR', 'en'])).toBeNull();
    expect(queryLanguage('?lang=zh-TW', true, ALL)).toBe('zh');
  });
});
