// Random-play mode (spec 3 §4, §7) draws random catalogue pages; each page
// also brings random clips of the short-video service (spec 1 §7 "a random
// clip": page 1 of size 1 for the count, then random pages), so the mode mixes
// ready-cut clips in. A clip's original video is added to the page, completed
// by the page's detail call like any other list item (poster, title, full
// video), and the clip is put in the short-clip cache under that video, which
// the player tries first (spec 1 §4 fallback order: the cached short URL).
// No clips, or a failed draw, leaves the page as the catalogue gave it.

import type { CatalogueClient } from '../api/catalogue';
import { catalogueVideoSchema, parseItems, type CatalogueVideo } from '../api/catalogue-schemas';
import type { ShortVideoClient } from '../api/short-videos';
import { randomPlayConfig } from './config';

type PageSource = Pick<CatalogueClient, 'list' | 'detail'>;

export function withRandomShortClips(catalogue: PageSource, shortVideos: Pick<ShortVideoClient, 'randomClips' | 'cache'> | null): PageSource {
  if (!shortVideos) return catalogue;
  return {
    detail: (ids, options) => catalogue.detail(ids, options),
    async list(query, options = {}) {
      const [page, clips] = await Promise.all([catalogue.list(query, options), shortVideos.randomClips(randomPlayConfig.shortClipsPerPage, options.signal)]);
      if (!page.ok || !clips.ok) return page;
      const listed = new Set(page.value.list.map((v) => v.vod_id));
      const added: CatalogueVideo[] = [];
      for (const clip of clips.value) {
        const original = clip.original_id;
        if (original === undefined || original <= 0) continue;
        shortVideos.cache.set(original, clip);
        if (listed.has(original)) continue;
        listed.add(original);
        added.push(...(parseItems(catalogueVideoSchema, [{ vod_id: original, vod_name: clip.title }]) as CatalogueVideo[]));
      }
      return { ok: true, value: { ...page.value, list: [...page.value.list, ...added] } };
    },
  };
}
