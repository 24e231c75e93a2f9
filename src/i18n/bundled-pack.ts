// The one pack in the first-visit bundle: the build's default language
// (VITE_DEFAULT_LANGUAGE, else pt-BR), and of it only the namespaces the
// feed's first screen shows (app, common, feed, feedpage, player, ui, account,
// credits: the top bar's balance and the profile tab). Its other namespaces
// (the browsing pages', the sheets') are one lazy chunk, fetched with the
// page or sheet that needs them (index.ts: withAllStrings). A new namespace
// is deferred unless it is added to the eager lists here and in deferred/.
// The comparisons are on the raw build constant so the bundler drops the
// other branches and their files; the other languages are lazy chunks
// (pack-loader.ts). An unknown value means pt-BR. These globs name the JSON
// files themselves, never packs/*.ts: a static reference to a pack module,
// even in a dropped branch, would pull that language into the first-visit chunk.

import type { Language } from './config';
import { packFromFiles, type LanguagePack, type Strings } from './pack-files';

type Lazy = () => Promise<{ default: Record<string, Strings> }>;

interface BundledPack {
  language: Language;
  pack: LanguagePack;
  /** The default language's other namespace files (deferred/<lang>.ts), not yet fetched. */
  deferred: Lazy;
}

const requested = import.meta.env.VITE_DEFAULT_LANGUAGE as string | undefined;

export const bundledPack: BundledPack =
  requested === 'zh'
    ? {
        language: 'zh',
        pack: packFromFiles(import.meta.glob<Strings>('./locales/zh/{app,common,feed,feedpage,player,ui,account,credits}.json', { eager: true, import: 'default' })),
        deferred: () => import('./deferred/zh'),
      }
    : requested === 'en'
      ? {
          language: 'en',
          pack: packFromFiles(import.meta.glob<Strings>('./locales/en/{app,common,feed,feedpage,player,ui,account,credits}.json', { eager: true, import: 'default' })),
          deferred: () => import('./deferred/en'),
        }
      : requested === 'ja'
        ? {
            language: 'ja',
            pack: packFromFiles(import.meta.glob<Strings>('./locales/ja/{app,common,feed,feedpage,player,ui,account,credits}.json', { eager: true, import: 'default' })),
            deferred: () => import('./deferred/ja'),
          }
        : requested === 'ko'
          ? {
              language: 'ko',
              pack: packFromFiles(import.meta.glob<Strings>('./locales/ko/{app,common,feed,feedpage,player,ui,account,credits}.json', { eager: true, import: 'default' })),
              deferred: () => import('./deferred/ko'),
            }
          : {
              language: 'pt-BR',
              pack: packFromFiles(import.meta.glob<Strings>('./locales/pt-BR/{app,common,feed,feedpage,player,ui,account,credits}.json', { eager: true, import: 'default' })),
              deferred: () => import('./deferred/pt-BR'),
            };
