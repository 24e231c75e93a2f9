// Language settings of the build (spec 1 §1: pt-BR only in this build).

export const i18nConfig = {
  // The build's language; VITE_DEFAULT_LANGUAGE picks another pack at build time.
  defaultLanguage: (import.meta.env.VITE_DEFAULT_LANGUAGE as string | undefined) || 'pt-BR',
  // Languages with packs (issue 5 completes all five).
  languages: ['pt-BR', 'zh', 'en', 'ja', 'ko'],
} as const;
