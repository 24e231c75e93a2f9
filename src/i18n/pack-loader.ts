// Lazy packs: each language other than the build's default is one chunk
// (packs/<lang>.ts), fetched only when the visitor switches to it. The
// default's pack is bundled (bundled-pack.ts) and left out here: the same
// files behind a lazy import as well would split them out of the
// first-visit chunk into extra requests. The comparisons are on the raw build
// constant, as in bundled-pack.ts, so the bundler drops the dead branches.

import { packFromFiles, type LanguagePack, type Strings } from './pack-files';

type FilesLoader = () => Promise<Record<string, Strings>>;

const requested = import.meta.env.VITE_DEFAULT_LANGUAGE as string | undefined;
const otherDefault = requested === 'zh' || requested === 'en' || requested === 'ja' || requested === 'ko';

const modules: Record<string, FilesLoader> = {
  ...(otherDefault ? import.meta.glob<Record<string, Strings>>('./packs/pt-BR.ts', { import: 'default' }) : {}),
  ...(requested === 'zh' ? {} : import.meta.glob<Record<string, Strings>>('./packs/zh.ts', { import: 'default' })),
  ...(requested === 'en' ? {} : import.meta.glob<Record<string, Strings>>('./packs/en.ts', { import: 'default' })),
  ...(requested === 'ja' ? {} : import.meta.glob<Record<string, Strings>>('./packs/ja.ts', { import: 'default' })),
  ...(requested === 'ko' ? {} : import.meta.glob<Record<string, Strings>>('./packs/ko.ts', { import: 'default' })),
};

const loaders: Record<string, FilesLoader> = {};
for (const [path, load] of Object.entries(modules)) {
  const language = /([^/]+)\.ts$/.exec(path)?.[1];
  if (language) loaders[language] = load;
}

/** The pack of a language, or null when no lazy pack exists. Rejects when the chunk cannot be fetched. */
export async function loadPack(language: string): Promise<LanguagePack | null> {
  const load = loaders[language];
  return load ? packFromFiles(await load()) : null;
}
