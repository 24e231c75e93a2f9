// The feed's one clip preparer, shared by the start-up code and the feed
// page: on a cold start the first item's clip is asked of the engine worker
// as soon as the first list arrives, while React is still rendering, and the
// page's own request for it joins that one (clip-prep.ts shares calls per item).

import { shortVideoClient as shortVideos } from '../api/short-videos';
import { engineBridge } from '../worker-bridge/bridge';
import { engineCallOptions } from '../player/adaptation';
import { createClipPrep, type ClipPrep } from './clip-prep';

let shared: ClipPrep | null = null;

export function feedClipPrep(): ClipPrep {
  shared ??= createClipPrep({
    engine: engineBridge,
    callOptions: () => engineCallOptions(),
    sources: {
      cachedShortUrl: (id) => shortVideos.cache.get(id)?.m3u8_url ?? undefined,
      fetchShortUrl: async (id) => {
        const r = await shortVideos.clipForVideo(id);
        return r.ok ? (r.value?.m3u8_url ?? null) : null;
      },
    },
  });
  return shared;
}
