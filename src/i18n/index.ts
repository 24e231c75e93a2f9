// i18next for the page. Each area keeps its strings in its own namespace file
// (locales/<lang>/<area>.json); keys are the meaning, values the text. Only the
// build's default language (pt-BR unless VITE_DEFAULT_LANGUAGE says otherwise)
// is bundled, and of it only the feed's namespaces (bundled-pack.ts), so the
// first render never waits for text; its other namespaces come with the lazy
// page or sheet that shows them (withAllStrings); other languages are
// fetched on a switch (setup.ts). The start language is known synchronously,
// before any request: the catalogue's lang parameter follows it from the first list.

import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isDebugMode } from '../lib/debug';
import { buildDefaultLanguage, buildLanguageList } from './build';
import { bundledPack } from './bundled-pack';
import { i18nConfig, type Language } from './config';
import { queryLanguage } from './languages';
import { packFromFiles, type LanguagePack } from './pack-files';

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

let deferredStrings: Promise<void> | null = null;

/** The default language's namespaces left out of the first-visit bundle, into the app's instance (once; again after a failure). */
function loadDeferredStrings(): Promise<void> {
  deferredStrings ??= bundledPack.deferred().then(
    ({ default: files }) => {
      for (const [namespace, strings] of Object.entries(packFromFiles(files))) i18n.addResourceBundle(bundledPack.language, namespace, strings, true, false);
    },
    (error: unknown) => {
      deferredStrings = null;
      throw error;
    },
  );
  return deferredStrings;
}

/** A lazy page's or sheet's loader that also brings the strings it shows: it renders only when both are there. */
export function withAllStrings<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadDeferredStrings()]).then(([module]) => module);
}
