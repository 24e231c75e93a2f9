// Text the server gives per interface language (the app config's ad texts,
// our category names): {"pt-BR", zh, en, ja, ko} (any of them), or a plain
// string, which means every language. The i18n layer picks the visitor's one
// (src/i18n/localized-text.ts).

import * as z from 'zod/mini';

/** The app's interface languages (src/i18n/config.ts supportedLanguages; api/ imports nothing of i18n/). */
const TEXT_LANGUAGES = ['pt-BR', 'zh', 'en', 'ja', 'ko'] as const;

export type LocalizedText = Partial<Record<(typeof TEXT_LANGUAGES)[number], string>>;

const text = z.string().check(z.trim(), z.minLength(1));

const perLanguage = z.strictObject({ 'pt-BR': z.optional(text), zh: z.optional(text), en: z.optional(text), ja: z.optional(text), ko: z.optional(text) });

const everyLanguage = (value: string): LocalizedText => Object.fromEntries(TEXT_LANGUAGES.map((lang) => [lang, value]));

/** A per-language text with at least one language; a plain string is every language. */
export const localizedTextSchema = z
  .union([z.pipe(text, z.transform(everyLanguage)), perLanguage])
  .check(z.refine((v) => Object.keys(v).length > 0, { message: 'names no language' }));
