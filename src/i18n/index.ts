// i18next for the page. Each area keeps its strings in its own namespace file
// (locales/<lang>/<area>.json) so areas can be edited without touching each
// other; keys are the meaning, values the text. pt-BR is this build's default
// (spec 1 §1); VITE_DEFAULT_LANGUAGE overrides it. Packs are bundled eagerly:
// they are a few kB, and a lazy pack would delay the first frame's text.

import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nConfig } from './config';

type Pack = Record<string, unknown>;

const files = import.meta.glob<Pack>('./locales/*/*.json', { eager: true, import: 'default' });

/** { lang: { namespace: strings } } from the locale files. */
export function localeResources(): Record<string, Record<string, Pack>> {
  const resources: Record<string, Record<string, Pack>> = {};
  for (const [file, pack] of Object.entries(files)) {
    const m = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!m) continue;
    (resources[m[1]] ??= {})[m[2]] = pack;
  }
  return resources;
}

export function createI18n(language: string = i18nConfig.defaultLanguage): I18n {
  const resources = localeResources();
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: i18nConfig.defaultLanguage,
    ns: Object.keys(resources[i18nConfig.defaultLanguage] ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  return instance;
}

/** The app's instance; components use useTranslation(namespace). */
export const i18n = createI18n();
