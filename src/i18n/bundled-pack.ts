// The one pack in the first-visit bundle: the build's default language
// (VITE_DEFAULT_LANGUAGE, else pt-BR). The comparisons are on the raw build
// constant so the bundler drops the other branches and their files; the other
// languages are lazy chunks (pack-loader.ts). An unknown value means pt-BR.
// These globs name the JSON files themselves, never packs/*.ts: a static
// reference to a pack module, even in a dropped branch, would pull that
// language into the first-visit chunk.

import type { Language } from './config';
import { packFromFiles, type LanguagePack, type Strings } from './pack-files';

const requested = import.meta.env.VITE_DEFAULT_LANGUAGE as string | undefined;

export const bundledPack: { language: Language; pack: LanguagePack } =
  requested === 'zh'
    ? { language: 'zh', pack: packFromFiles(import.meta.glob<Strings>('./locales/zh/*.json', { eager: true, import: 'default' })) }
    : requested === 'en'
      ? { language: 'en', pack: packFromFiles(import.meta.glob<Strings>('./locales/en/*.json', { eager: true, import: 'default' })) }
      : requested === 'ja'
        ? { language: 'ja', pack: packFromFiles(import.meta.glob<Strings>('./locales/ja/*.json', { eager: true, import: 'default' })) }
        : requested === 'ko'
          ? { language: 'ko', pack: packFromFiles(import.meta.glob<Strings>('./locales/ko/*.json', { eager: true, import: 'default' })) }
          : { language: 'pt-BR', pack: packFromFiles(import.meta.glob<Strings>('./locales/pt-BR/*.json', { eager: true, import: 'default' })) };
