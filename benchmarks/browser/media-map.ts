// What the demo's media is: every segment of the demo playlists (listed in the
// manifest the demo generator wrote into the data directory) by its URL with
// its duration, the segments of each demo video (videos cut from one source
// share segment files, and ad spots are shared too, so a segment's URL alone
// does not say whose it was), and each catalogue video's demo folder, so a
// timeline entry (the catalogue id) finds its video.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const manifestSchema = z.object({
  videos: z.array(z.object({ slug: z.string(), playlists: z.array(z.object({ file: z.string() })) })),
});
const detailSchema = z.object({ pagecount: z.coerce.number(), list: z.array(z.object({ vod_id: z.number(), vod_play_url: z.string() })) });

export interface MediaMap {
  /** Segment URL -> duration, s. */
  segments: Map<string, number>;
  /** Demo folder -> its playlists' segment URLs (every rendition). */
  videoSegments: Map<string, Set<string>>;
  /** Catalogue id -> demo folder. */
  slugOf: Map<string, string>;
}

/** The URL a segment is known by: no query or fragment. */
export const segmentKey = (url: string): string => {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
};

function parseMedia(text: string, playlistUrl: string, segments: Map<string, number>, own: Set<string>): void {
  let duration = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#')) {
      const key = segmentKey(new URL(line, playlistUrl).href);
      segments.set(key, duration);
      own.add(key);
    }
  }
}

export async function loadMediaMap(base: string, dataDir: string): Promise<MediaMap> {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(path.join(dataDir, 'demo', '.demo-content.json'), 'utf8')));
  const segments = new Map<string, number>();
  const videoSegments = new Map<string, Set<string>>();
  for (const video of manifest.videos) {
    const own = new Set<string>();
    for (const playlist of video.playlists) {
      const url = `${base}/media/demo/${video.slug}/${playlist.file}`;
      parseMedia(await (await fetch(url)).text(), url, segments, own);
    }
    videoSegments.set(video.slug, own);
  }
  const slugOf = new Map<string, string>();
  for (let page = 1, pages = 1; page <= pages; page++) {
    const detail = detailSchema.parse(await (await fetch(`${base}/api.php/provide/vod/?ac=detail&pagesize=100&pg=${page}`)).json());
    pages = detail.pagecount;
    for (const v of detail.list) {
      const slug = /\/media\/demo\/([^/]+)\//.exec(v.vod_play_url)?.[1];
      if (slug) slugOf.set(String(v.vod_id), slug);
    }
  }
  return { segments, videoSegments, slugOf };
}
