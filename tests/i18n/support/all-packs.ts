// An i18next instance holding every language's pack at once, for tests that
// render in several languages without the app's lazy loading.

import type { i18n as I18n } from 'i18next';
import { createI18n } from '../../../src/i18n';
import { packFromFiles, type LanguagePack, type Strings } from '../../../src/i18n/pack-files';

const modules = import.meta.glob<Record<string, Strings>>('../../../src/i18n/packs/*.ts', { eager: true, import: 'default' });

export function allPacks(): Record<string, LanguagePack> {
  const packs: Record<string, LanguagePack> = {};
  for (const [path, files] of Object.entries(modules)) {
    const language = /([^/]+)\.ts$/.exec(path)?.[1];
    if (language) packs[language] = packFromFiles(files);
  }
  return packs;
}

export function createI18nWithAllPacks(language: string): I18n {
  return createI18n(language, allPacks());
}
