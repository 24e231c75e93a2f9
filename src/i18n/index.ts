// i18next for the page. Each area keeps its strings in its own namespace file
// (locales/<lang>/<area>.json); keys are the meaning, values the text. Only the
// build's default language (pt-BR unless VITE_DEFAULT_LANGUAGE says otherwise)
// is bundled, so the first render never waits for text; other languages are
// fetched on a switch (setup.ts). The start language is known synchronously,
// before any request: the catalogue's lang parameter follows it from the first list.

import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isDebugMode } from '../lib/debug';
import { buildDefaultLanguage, buildLanguageList } from './build';
import { bundledPack } from './bundled-pack';
import { i18nConfig, type Language } from './config';
import { queryLanguage } from './languages';
import type { LanguagePack } from './pack-files';

/**
 * An instance in `language`. Texts of a language without a pack in `packs`
 * come from the default language until its pack is added (setup.ts).
 */
export function createI18n(language: string = buildDefaultLanguage, packs: Record<string, LanguagePack> = { [bundledPack.language]: bundledPack.pack }): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: packs,
    lng: language,
    fallbackLng: buildDefaultLanguage,
    supportedLngs: [...new Set([...buildLanguageList, ...Object.keys(packs)])],
    ns: Object.keys(bundledPack.pack),
    defaultNS: i18nConfig.defaultNamespace,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  return instance;
}

function localStorageOf(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

/** The language a visit starts in: ?lang= in debug mode (spec 1 §2), else the build's default. Nothing is remembered. */
export function startLanguage(win: Window | undefined = globalThis.window): Language {
  if (!win) return buildDefaultLanguage;
  return queryLanguage(win.location.search, isDebugMode(win.location, localStorageOf(win)), buildLanguageList) ?? buildDefaultLanguage;
}

/** The app's instance; components use useTranslation(namespace). */
export const i18n = createI18n(startLanguage());
