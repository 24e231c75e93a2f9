// Language settings (spec 2 §1: five languages, this build pt-BR; issue 5).

export const i18nConfig = {
  // Every language with a pack; VITE_LANGUAGES picks some of them for a build.
  supportedLanguages: ['pt-BR', 'zh', 'en', 'ja', 'ko'],
  // The build's language when VITE_DEFAULT_LANGUAGE is unset (spec 2 §1: Brazilian Portuguese).
  buildDefaultLanguage: 'pt-BR',
  // The language a server text given per language (ad texts, category names) falls back to: the server writes it always.
  textFallbackLanguage: 'pt-BR',
  // Query parameter that switches the language in debug mode (issue 5).
  queryParam: 'lang',
  // Namespace of t() calls that name none.
  defaultNamespace: 'common',
  // How long startup waits for a lazily loaded pack before showing the default language's text (ours).
  setupWaitMs: 1_000,
} as const;

export type Language = (typeof i18nConfig.supportedLanguages)[number];
