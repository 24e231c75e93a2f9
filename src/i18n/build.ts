// This build's languages: the default (whose pack is bundled) and the others
// VITE_LANGUAGES offers (comma list; default all five).

import { bundledPack } from './bundled-pack';
import type { Language } from './config';
import { buildLanguages } from './languages';

export const buildDefaultLanguage: Language = bundledPack.language;

export const buildLanguageList: readonly Language[] = buildLanguages(import.meta.env.VITE_LANGUAGES as string | undefined, buildDefaultLanguage);
