// Text the app shows in the visitor's language: one string per interface
// language (the app's five, src/i18n/config.ts). The app config's operator
// file may still write a plain string, which means "every language" (its
// form before texts were per language); answers always carry all five.

import { z } from 'zod';

/** The app's interface languages; pt-BR (the build's default) is the others' fallback. */
export const textLanguages = ['pt-BR', 'zh', 'en', 'ja', 'ko'] as const;
export type TextLanguage = (typeof textLanguages)[number];
export type LocalizedText = Record<TextLanguage, string>;

/** The same text in every language. */
export function everyLanguage(text: string): LocalizedText {
  return Object.fromEntries(textLanguages.map((lang) => [lang, text])) as LocalizedText;
}

/**
 * A plain string (every language) or {pt-BR, zh?, en?, ja?, ko?} (no other
 * key), each at most `max` characters; a language left out takes pt-BR's text.
 */
export function localizedTextSchema(max: number) {
  const one = z.string().trim().min(1).max(max);
  const perLanguage = z
    .object({ 'pt-BR': one, zh: one.optional(), en: one.optional(), ja: one.optional(), ko: one.optional() })
    .strict()
    .transform((v): LocalizedText => ({ ...everyLanguage(v['pt-BR']), ...Object.fromEntries(Object.entries(v).filter(([, t]) => t !== undefined)) }));
  return z.union([one.transform(everyLanguage), perLanguage]);
}
