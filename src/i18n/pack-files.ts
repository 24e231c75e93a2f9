// A language pack is its namespace files (locales/<lang>/<namespace>.json)
// keyed by namespace.

export type Strings = { [key: string]: string | Strings };
export type LanguagePack = Record<string, Strings>;

/** { './locales/en/feed.json': strings } -> { feed: strings }. */
export function packFromFiles(files: Record<string, Strings>): LanguagePack {
  const pack: LanguagePack = {};
  for (const [path, strings] of Object.entries(files)) {
    const namespace = /([^/]+)\.json$/.exec(path)?.[1];
    if (namespace) pack[namespace] = strings;
  }
  return pack;
}
