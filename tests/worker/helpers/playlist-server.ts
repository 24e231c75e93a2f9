// A real HTTP server on 127.0.0.1 (random port) serving test playlists:
// a master with 3 variants, media playlists with a pre-roll and a mid-roll ad
// (ad segments under /ads/), a slow endpoint that never answers, 404, 500,
// a redirect, and endpoints that fail or hang only on their first request.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CONTENT_SEGMENTS = 40; // 40 x 4 s = 160 s of content (clip mode)
export const SEGMENT_SECONDS = 4;
export const AD_SEGMENTS = 3; // 3 x 5 s per ad break
export const MID_ROLL_AFTER = 15;

export const variants = [
  { dir: 'v360', bandwidth: 400_000, resolution: '640x360' },
  { dir: 'v720', bandwidth: 1_500_000, resolution: '1280x720' },
  { dir: 'v1080', bandwidth: 3_000_000, resolution: '1920x1080' },
] as const;

export function masterPlaylist(): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const v of variants) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${v.bandwidth},RESOLUTION=${v.resolution},CODECS="avc1.4d401f,mp4a.40.2"`, `${v.dir}/index.m3u8`);
  }
  return lines.join('\n') + '\n';
}

/** Content in `dir` (relative URIs), ads as absolute paths under /ads/, split by DISCONTINUITY. */
export function mediaWithAds(dir: string): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:5', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
  const ad = (n: number) => {
    for (let i = 0; i < AD_SEGMENTS; i++) lines.push('#EXTINF:5.000,', `/ads/break${n}_${i}.ts`);
  };
  const content = (from: number, to: number) => {
    for (let i = from; i < to; i++) lines.push(`#EXTINF:${SEGMENT_SECONDS}.000,`, `seg_${String(i).padStart(3, '0')}.ts`);
  };
  ad(0);
  lines.push('#EXT-X-DISCONTINUITY');
  content(0, MID_ROLL_AFTER);
  lines.push('#EXT-X-DISCONTINUITY');
  ad(1);
  lines.push('#EXT-X-DISCONTINUITY');
  content(MID_ROLL_AFTER, CONTENT_SEGMENTS);
  lines.push('#EXT-X-ENDLIST');
  return lines.join('\n') + '\n';
}

export interface PlaylistServer {
  origin: string;
  url(path: string): string;
  /** Requests seen per path. */
  hits: Map<string, number>;
  /** Request headers per path (last request). */
  headers: Map<string, IncomingMessage['headers']>;
  /** Headers of every request, in order. */
  log: { path: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

const M3U8 = 'application/vnd.apple.mpegurl';

export async function startPlaylistServer(): Promise<PlaylistServer> {
  const hits = new Map<string, number>();
  const headers = new Map<string, IncomingMessage['headers']>();
  const log: PlaylistServer['log'] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const count = (hits.get(path) ?? 0) + 1;
    hits.set(path, count);
    headers.set(path, req.headers);
    log.push({ path, headers: req.headers });
    const ok = (body: string) => {
      res.writeHead(200, { 'Content-Type': M3U8 });
      res.end(body);
    };
    const hang = () => {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
    };

    if (path === '/master.m3u8') return ok(masterPlaylist());
    const variant = /^\/(v\d+)\/index\.m3u8$/.exec(path);
    if (variant && variants.some((v) => v.dir === variant[1])) return ok(mediaWithAds(variant[1]));
    if (path === '/media/index.m3u8') return ok(mediaWithAds('media'));
    if (path === '/slow.m3u8') return hang();
    if (path === '/404.m3u8') return void res.writeHead(404).end('not here');
    if (path === '/500.m3u8') return void res.writeHead(500).end('broken');
    if (path === '/429.m3u8') return void res.writeHead(429).end('slow down');
    if (path === '/redirect.m3u8') return void res.writeHead(302, { Location: '/v720/index.m3u8' }).end();
    if (path === '/flaky.m3u8') return count === 1 ? void res.writeHead(503).end('busy') : ok(mediaWithAds('flaky'));
    if (path === '/hang-once.m3u8') return count === 1 ? hang() : ok(mediaWithAds('hang-once'));
    if (path === '/delayed.m3u8') return void setTimeout(() => ok(mediaWithAds('delayed')), 300);
    if (path === '/not-a-playlist.m3u8') return ok('<html>nope</html>');
    res.writeHead(404).end();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => origin + path,
    hits,
    headers,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
