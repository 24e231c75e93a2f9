// The checks behind tests/i18n/packs.test.ts, as pure functions over packs
// ({ lang: { namespace: nested strings } }) and source texts, so the test can
// run them on the real tree and on small fixtures alike.
//
// A key counts as used when a string literal in the sources names it: as
// 'ns:a.b' anywhere, or as 'a.b' in a file that binds namespace ns
// (useTranslation('ns'), useTranslation(['ns', ...]), getFixedT(..., 'ns') or
// an { ns: 'ns' } option). Plural forms (_one, _other, ...) count as their base key.

import { scanSource } from './source-scan';

export type Pack = { [key: string]: string | Pack };
export type Packs = Record<string, Record<string, Pack>>;
export interface Source {
  path: string;
  text: string;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const VARIABLE = /\{\{\s*([^}\s,]+)[^}]*\}\}/g;
const NS_KEY = /^([A-Za-z][\w-]*):([\w.-]+)$/;

/** Dotted keys -> values; a non-string leaf is kept as a problem to report. */
export function flatten(pack: Pack, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(pack)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
    } else {
      out.set(`${prefix}${key}`, value);
    }
  }
  return out;
}

export function baseKey(key: string): string {
  return key.replace(PLURAL_SUFFIX, '');
}

export function pluralCategory(key: string): string | null {
  return PLURAL_SUFFIX.exec(key)?.[1] ?? null;
}

/** Base key -> the interpolation variables of all its forms. */
function variablesByBase(pack: Pack): Map<string, string[]> {
  const vars = new Map<string, Set<string>>();
  for (const [key, value] of flatten(pack)) {
    const set = vars.get(baseKey(key)) ?? new Set<string>();
    if (typeof value === 'string') for (const m of value.matchAll(VARIABLE)) set.add(m[1]);
    vars.set(baseKey(key), set);
  }
  return new Map([...vars].map(([k, v]) => [k, [...v].sort()]));
}

function baseKeys(pack: Pack): Set<string> {
  return new Set([...flatten(pack).keys()].map(baseKey));
}

/** Keys of the default language missing elsewhere, and keys other languages have in excess. */
export function keyDifferences(packs: Packs, defaultLanguage: string): { missing: string[]; extra: string[] } {
  const missing: string[] = [];
  const extra: string[] = [];
  const reference = packs[defaultLanguage] ?? {};
  for (const [lang, namespaces] of Object.entries(packs)) {
    if (lang === defaultLanguage) continue;
    for (const [ns, pack] of Object.entries(reference)) {
      const have = baseKeys(namespaces[ns] ?? {});
      for (const key of baseKeys(pack)) if (!have.has(key)) missing.push(`${lang} ${ns}:${key}`);
    }
    for (const [ns, pack] of Object.entries(namespaces)) {
      const want = baseKeys(reference[ns] ?? {});
      for (const key of baseKeys(pack)) if (!want.has(key)) extra.push(`${lang} ${ns}:${key}`);
    }
  }
  return { missing: missing.sort(), extra: extra.sort() };
}

/** Keys whose interpolation variables differ from the default language's. */
export function variableMismatches(packs: Packs, defaultLanguage: string): string[] {
  const out: string[] = [];
  const reference = packs[defaultLanguage] ?? {};
  for (const [lang, namespaces] of Object.entries(packs)) {
    if (lang === defaultLanguage) continue;
    for (const [ns, pack] of Object.entries(namespaces)) {
      const want = variablesByBase(reference[ns] ?? {});
      for (const [key, vars] of variablesByBase(pack)) {
        const expected = want.get(key);
        if (expected && expected.join() !== vars.join()) out.push(`${lang} ${ns}:${key} has {${vars.join()}}, ${defaultLanguage} has {${expected.join()}}`);
      }
    }
  }
  return out.sort();
}

/** Plural keys whose forms are not exactly the language's plural categories (what i18next looks up). */
export function pluralFormProblems(packs: Packs): string[] {
  const out: string[] = [];
  for (const [lang, namespaces] of Object.entries(packs)) {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
    for (const [ns, pack] of Object.entries(namespaces)) {
      const forms = new Map<string, string[]>();
      for (const key of flatten(pack).keys()) {
        const category = pluralCategory(key);
        if (category) forms.set(baseKey(key), [...(forms.get(baseKey(key)) ?? []), category]);
      }
      for (const [key, have] of forms) {
        if (have.sort().join() !== categories.join()) out.push(`${lang} ${ns}:${key} has forms ${have.join()}, expected ${categories.join()}`);
      }
    }
  }
  return out.sort();
}

/** Values that are empty, blank or not strings. */
export function emptyValues(packs: Packs): string[] {
  const out: string[] = [];
  for (const [lang, namespaces] of Object.entries(packs)) {
    for (const [ns, pack] of Object.entries(namespaces)) {
      for (const [key, value] of flatten(pack)) if (typeof value !== 'string' || value.trim() === '') out.push(`${lang} ${ns}:${key}`);
    }
  }
  return out.sort();
}

/** Namespaces a file binds for its bare keys. */
export function boundNamespaces(code: string): string[] {
  const found = new Set<string>();
  const quoted = (list: string) => [...list.matchAll(/['"]([\w-]+)['"]/g)].map((m) => m[1]);
  for (const m of code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|['"][\w-]+['"])/g)) for (const ns of quoted(m[1])) found.add(ns);
  for (const m of code.matchAll(/getFixedT\([^,()]*,\s*(\[[^\]]*\]|['"][\w-]+['"])/g)) for (const ns of quoted(m[1])) found.add(ns);
  for (const m of code.matchAll(/\bns:\s*(\[[^\]]*\]|['"][\w-]+['"])/g)) for (const ns of quoted(m[1])) found.add(ns);
  return [...found];
}

/** 'ns:key' of every key some source names. */
export function usedKeys(sources: readonly Source[], namespaces: readonly string[]): Set<string> {
  const known = new Set(namespaces);
  const used = new Set<string>();
  for (const source of sources) {
    const scanned = scanSource(source.text);
    const bound = boundNamespaces(scanned.code);
    for (const literal of scanned.strings) {
      const qualified = NS_KEY.exec(literal);
      if (qualified && known.has(qualified[1])) used.add(`${qualified[1]}:${qualified[2]}`);
      else for (const ns of bound) used.add(`${ns}:${literal}`);
    }
  }
  return used;
}

/** Keys of the default language that no source names. */
export function unusedKeys(packs: Packs, defaultLanguage: string, sources: readonly Source[]): string[] {
  const reference = packs[defaultLanguage] ?? {};
  const used = usedKeys(sources, Object.keys(reference));
  const out: string[] = [];
  for (const [ns, pack] of Object.entries(reference)) {
    for (const key of baseKeys(pack)) if (!used.has(`${ns}:${key}`)) out.push(`${ns}:${key}`);
  }
  return out.sort();
}

/**
 * Keys built at run time (`tabs.${name}`, `feed:${key}`): the check above
 * cannot see them, so they are not allowed; use a literal map instead.
 */
export function dynamicKeys(sources: readonly Source[], namespaces: readonly string[]): string[] {
  const out: string[] = [];
  const nsPrefix = new RegExp(`^(${namespaces.map((ns) => ns.replace(/[^\w-]/g, '')).join('|')}):`);
  for (const source of sources) {
    const scanned = scanSource(source.text);
    const bound = boundNamespaces(scanned.code).length > 0;
    for (const head of scanned.templateHeads) {
      const keyLike = /^[A-Za-z]\w*(\.\w+)*\.$/.test(head);
      if ((namespaces.length > 0 && nsPrefix.test(head)) || (bound && keyLike)) out.push(`${source.path}: \`${head}\${...}\``);
    }
  }
  return out.sort();
}

/**
 * Keys the sources name that the default language lacks: every 'ns:key'
 * literal of a known namespace, and every t('key') in a file whose bound
 * namespaces all lack it.
 */
export function missingUsedKeys(packs: Packs, defaultLanguage: string, sources: readonly Source[]): string[] {
  const reference = packs[defaultLanguage] ?? {};
  const keys = new Map(Object.entries(reference).map(([ns, pack]) => [ns, baseKeys(pack)]));
  const has = (ns: string, key: string) => keys.get(ns)?.has(key) ?? false;
  const out = new Set<string>();
  for (const source of sources) {
    const scanned = scanSource(source.text);
    for (const literal of scanned.strings) {
      const qualified = NS_KEY.exec(literal);
      if (qualified && keys.has(qualified[1]) && !has(qualified[1], qualified[2])) out.add(`${source.path}: ${literal}`);
    }
    const bound = boundNamespaces(scanned.code);
    if (bound.length === 0) continue;
    for (const m of scanned.code.matchAll(/\bt\(\s*(['"])([^'"]+)\1/g)) {
      const key = m[2];
      if (NS_KEY.test(key) && keys.has(key.split(':')[0])) continue;
      if (!bound.some((ns) => has(ns, key))) out.add(`${source.path}: t('${key}') in ${bound.join(', ')}`);
    }
  }
  return [...out].sort();
}
