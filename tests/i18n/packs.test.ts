// The language packs (issue 5 "Languages"): every language has exactly the
// default pack's keys with the same interpolation variables and its own
// plural forms, no value is empty, and every key is used by the code and
// every key the code names exists. The checks themselves are tested on
// fixtures first, so a check that finds nothing is not mistaken for a pass.

import { describe, expect, it } from 'vitest';
import { i18nConfig } from '../../src/i18n/config';
import { dynamicKeys, emptyValues, keyDifferences, missingUsedKeys, pluralFormProblems, unusedKeys, usedKeys, variableMismatches, type Packs, type Source } from './support/pack-check';
import { readPacks, readSources } from './support/real-tree';

const DEFAULT = i18nConfig.buildDefaultLanguage;

describe('the checks, on fixtures', () => {
  const packs: Packs = {
    'pt-BR': {
      feed: { title: 'Título', hello: 'Olá {{name}}', unused: 'Ninguém me usa', items_one: '{{count}} item', items_many: '{{count}} itens', items_other: '{{count}} itens' },
      ui: { close: 'Fechar' },
    },
    en: {
      feed: { title: 'Title', hello: 'Hello {{user}}', unused: 'Nobody', items_one: '{{count}} item', items_other: '{{count}} items', bonus: 'Extra' },
      ui: { close: ' ' },
    },
    zh: {
      feed: { title: '标题', hello: '你好 {{name}}', unused: '无', items_one: '{{count}} 项', items_other: '{{count}} 项' },
    },
  };
  const sources: Source[] = [
    {
      path: 'Feed.tsx',
      text: [
        "import { useTranslation } from 'react-i18next';",
        '// t(\'unused\') in a comment is not a use',
        "/* 'feed:unused' neither */",
        "const KEYS = { a: 'title', b: 'hello' } as const;",
        'const re = /[\'"]/g;',
        "export function Feed() { const { t } = useTranslation('feed'); return t('items', { count: 2 }) + t(KEYS.a) + t('ui:close'); }",
      ].join('\n'),
    },
    { path: 'labels.ts', text: "export const closeKey = 'close';" },
  ];

  it('finds keys missing from a language and keys a language has in excess', () => {
    const { missing, extra } = keyDifferences(packs, 'pt-BR');
    expect(missing).toEqual(['zh ui:close']);
    expect(extra).toEqual(['en feed:bonus']);
  });

  it('finds interpolation variables that differ', () => {
    expect(variableMismatches(packs, 'pt-BR')).toEqual(['en feed:hello has {user}, pt-BR has {name}']);
  });

  it("finds plural forms that are not the language's categories", () => {
    expect(pluralFormProblems(packs)).toEqual(['zh feed:items has forms one,other, expected other']);
  });

  it('finds blank values', () => {
    expect(emptyValues(packs)).toEqual(['en ui:close']);
  });

  it('reports a key no code uses; comments, regex literals and unbound files do not count', () => {
    expect(unusedKeys(packs, 'pt-BR', sources)).toEqual(['feed:unused']);
  });

  it('a bare key counts only for the namespaces its file binds', () => {
    const unbound: Source[] = [{ path: 'x.ts', text: "const k = 'title'; const j = 'hello'; const i = 'items'; const u = 'unused'; const c = 'close';" }];
    expect(unusedKeys(packs, 'pt-BR', unbound)).toEqual(['feed:hello', 'feed:items', 'feed:title', 'feed:unused', 'ui:close']);
    const bound: Source[] = [{ path: 'y.tsx', text: "useTranslation(['feed', 'ui']); const k = ['title', 'hello', 'items', 'unused', 'close'];" }];
    expect(unusedKeys(packs, 'pt-BR', bound)).toEqual([]);
  });

  it('reports keys the code names that the default pack lacks', () => {
    const naming: Source[] = [{ path: 'z.tsx', text: "useTranslation('feed'); t('title'); t('gone'); const k = 'ui:missing'; t('ui:close');" }];
    expect(missingUsedKeys(packs, 'pt-BR', naming)).toEqual(["z.tsx: t('gone') in feed", 'z.tsx: ui:missing']);
  });

  it('reports keys built from templates', () => {
    const built: Source[] = [
      { path: 'a.tsx', text: "useTranslation('feed'); t(`tabs.${tab}`); const url = `/api/${id}`; const cls = `cf-${x}`;" },
      { path: 'b.ts', text: 'const key = `feed:${name}`; const css = `${a}.${b}`;' },
    ];
    expect(dynamicKeys(built, ['feed', 'ui'])).toEqual(['a.tsx: `tabs.${...}`', 'b.ts: `feed:${...}`']);
  });
});

describe('the real packs', () => {
  const packs = readPacks();
  const sources = readSources();

  it(`has the ${i18nConfig.supportedLanguages.length} languages, each with the default's namespaces`, () => {
    expect(Object.keys(packs).sort()).toEqual([...i18nConfig.supportedLanguages].sort());
    const namespaces = Object.keys(packs[DEFAULT]).sort();
    expect(namespaces.length).toBeGreaterThan(5);
    for (const lang of Object.keys(packs)) expect(Object.keys(packs[lang]).sort(), lang).toEqual(namespaces);
  });

  it('no language misses a key of the default pack or has keys it lacks', () => {
    expect(keyDifferences(packs, DEFAULT)).toEqual({ missing: [], extra: [] });
  });

  it('interpolation variables are the same in every language', () => {
    expect(variableMismatches(packs, DEFAULT)).toEqual([]);
  });

  it('plural keys have exactly the plural forms i18next looks up for each language', () => {
    expect(pluralFormProblems(packs)).toEqual([]);
  });

  it('no value is empty', () => {
    expect(emptyValues(packs)).toEqual([]);
  });

  it('the scan sees the app', () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(usedKeys(sources, Object.keys(packs[DEFAULT])).size).toBeGreaterThan(100);
  });

  it('every key is used by the code', () => {
    expect(unusedKeys(packs, DEFAULT, sources)).toEqual([]);
  });

  it('every key the code names exists', () => {
    expect(missingUsedKeys(packs, DEFAULT, sources)).toEqual([]);
  });

  it('no key is built at run time (use a literal map)', () => {
    expect(dynamicKeys(sources, Object.keys(packs[DEFAULT]))).toEqual([]);
  });
});
