// Issue 13 point 5, as the attack: the cleaned-playlist endpoint made to do
// expensive work. A fake upstream on 127.0.0.1 (a catalogue host) serves big
// generated playlists and counts every request it gets.
// - 50 concurrent requests for one big playlist: one upstream fetch, one
//   answer (the same text and headers the main thread's clean gives);
// - while a 100,000-segment (~8 MiB) playlist is cleaned, /healthz is
//   answered first (an ordering fact, no timer);
// - over-size and over-long playlists: a 422 in the endpoint's envelope;
// - distinct playlists past the in-flight bound: a 503 with Retry-After, at once.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema/catalogue';
import { cleanMedia } from '../../server/services/media/clean';
import { cleanTaskChannel } from '../../server/services/media/clean-service';
import { mediaConfig } from '../../server/services/media/config';
import { parsePlaylist, type MediaPlaylist } from '../../workers/core/index';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

/** A film of `count` 2 s segments with long CDN-like names, after a 3-segment pre-roll from another directory. */
function bigPlaylist(count: number, dir: string): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:5', '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (let i = 0; i < 3; i++) lines.push('#EXTINF:5.0,', `/ads/spot/ad_00${i}.ts`);
  lines.push('#EXT-X-DISCONTINUITY');
  for (let i = 0; i < count; i++) lines.push('#EXTINF:2.000,', `${dir}/2026/11/24/0f1e2d3c4b5a69788796a5b4/720p/seg_${String(i).padStart(6, '0')}.ts`);
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** `count` segments in as few bytes as a playlist allows. */
function tinySegments(count: number): string {
  return `#EXTM3U\n#EXT-X-TARGETDURATION:1\n${'#EXTINF:1,\na.ts\n'.repeat(count)}#EXT-X-ENDLIST\n`;
}

interface FakeUpstream {
  server: Server;
  origin: string;
  /** Requests received, by path. */
  hits: Map<string, number>;
  /** Paths whose answers are held until release() (the flood test). */
  held: ServerResponse[];
  /** Resolves when the answer for a path has been handed to the socket in full. */
  served(path: string): Promise<void>;
}

async function fakeUpstream(bodies: Map<string, string>): Promise<FakeUpstream> {
  const waiting = new Map<string, () => void>();
  const servedOnce = new Map<string, Promise<void>>();
  const served = (path: string) => {
    let p = servedOnce.get(path);
    if (!p) {
      p = new Promise<void>((resolve) => waiting.set(path, resolve));
      servedOnce.set(path, p);
    }
    return p;
  };
  const up: FakeUpstream = { server: null as never, origin: '', hits: new Map(), held: [], served };
  up.server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    up.hits.set(path, (up.hits.get(path) ?? 0) + 1);
    // Only playlists are held: the media probe's segment requests (issue 19) get their 404 at once.
    if (path.startsWith('/held/') && path.endsWith('.m3u8')) {
      up.held.push(res);
      return;
    }
    const body = bodies.get(path);
    if (body === undefined) return void res.writeHead(404).end('not here');
    served(path);
    res.once('finish', () => waiting.get(path)?.());
    res.writeHead(200, { 'Content-Type': 'application/vnd.apple.mpegurl' }).end(body);
  });
  await new Promise<void>((resolve) => up.server.listen(0, '127.0.0.1', resolve));
  up.origin = `http://127.0.0.1:${(up.server.address() as AddressInfo).port}`;
  return up;
}

/** What the endpoint answered before the pool: the engine's clean on this thread. */
function mainThreadClean(text: string, url: string): { text: string; adSegments: number } {
  const parsed = parsePlaylist(text, url);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const cleaned = cleanMedia(parsed.playlist as MediaPlaylist);
  if (!cleaned.ok) throw new Error(cleaned.message);
  return { text: cleaned.value.text, adSegments: cleaned.value.adSegments.length };
}

const bodies = new Map<string, string>();
let upstream: FakeUpstream;

beforeAll(async () => {
  bodies.set('/shared/index.m3u8', bigPlaylist(25_000, '/shared'));
  const huge = bigPlaylist(mediaConfig.cleanMaxSegments - 3, '/huge');
  expect(huge.length).toBeLessThanOrEqual(mediaConfig.maxPlaylistBytes);
  expect(huge.length).toBeGreaterThan(7 * 1024 * 1024);
  bodies.set('/huge/index.m3u8', huge);
  // One byte over the cap (a comment line pads it).
  const small = bigPlaylist(10, '/fat');
  bodies.set('/fat/index.m3u8', small.replace('#EXT-X-ENDLIST', `#${'x'.repeat(mediaConfig.maxPlaylistBytes - small.length - 1)}\n#EXT-X-ENDLIST`));
  bodies.set('/long/index.m3u8', tinySegments(mediaConfig.cleanMaxSegments + 1));
  bodies.set('/limit/index.m3u8', tinySegments(mediaConfig.cleanMaxSegments));
  upstream = await fakeUpstream(bodies);
  expect(bodies.get('/fat/index.m3u8')!.length).toBe(mediaConfig.maxPlaylistBytes + 1);
});
afterAll(async () => {
  for (const res of upstream?.held ?? []) res.destroy();
  upstream?.server.closeAllConnections();
  upstream?.server.close();
});

describe.each(databaseKinds)('the clean endpoint\'s cost on %s', (kind) => {
  let t: TestApp;
  const url = (path: string, query = '') => `/api/v2/hls/clean.m3u8?src=${encodeURIComponent(upstream.origin + path)}${query}`;
  const clean = (path: string, query = '') => t.app.inject({ method: 'GET', url: url(path, query) });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await t.app.db.insert(videos).values({ typeId: 1, vodName: 'Big', sourceKey: 'test:big', vodPlayUrl: `Line 1$${upstream.origin}/shared/index.m3u8` });
  });
  afterAll(async () => t?.close());

  it('answers 50 concurrent requests for one big playlist with one upstream fetch and one answer, today\'s', async () => {
    const path = '/shared/index.m3u8';
    upstream.hits.delete(path);
    const answers = await Promise.all(Array.from({ length: 50 }, () => clean(path)));
    expect(upstream.hits.get(path)).toBe(1);
    const expected = mainThreadClean(bodies.get(path)!, upstream.origin + path);
    expect(expected.adSegments).toBe(3);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(res.headers['cache-control']).toBe(`public, max-age=${mediaConfig.cleanMaxAgeS}`);
      expect(res.headers['x-ad-segments']).toBe(String(expected.adSegments));
      expect(res.body === expected.text).toBe(true);
    }
    // Later requests are served from the cache; a range is another answer (fetched and cut once).
    expect((await clean(path)).body === expected.text).toBe(true);
    expect(upstream.hits.get(path)).toBe(1);
    const ranged = await clean(path, '&start=10&end=14');
    expect(ranged.statusCode).toBe(200);
    expect(ranged.body.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual([5, 6].map((i) => `${upstream.origin}/shared/2026/11/24/0f1e2d3c4b5a69788796a5b4/720p/seg_00000${i}.ts`));
    expect(upstream.hits.get(path)).toBe(2);
    await clean(path, '&start=10&end=14');
    expect(upstream.hits.get(path)).toBe(2);
  });

  it('answers /healthz while a 100,000-segment playlist is being cleaned', async () => {
    const path = '/huge/index.m3u8';
    const order: string[] = [];
    // The server has the whole playlist and hands it to be parsed and cleaned: from here, ask for /healthz.
    const handedOver = new Promise<void>((resolve) => {
      const onTask = (message: unknown) => {
        if ((message as { url: string }).url !== upstream.origin + path) return;
        cleanTaskChannel.unsubscribe(onTask);
        order.push('clean started');
        resolve();
      };
      cleanTaskChannel.subscribe(onTask);
    });
    const big = clean(path).then((res) => {
      order.push('clean answered');
      return res;
    });
    await handedOver;
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    order.push('healthz answered');
    expect(health.statusCode).toBe(200);
    const res = await big;
    // Parsed and cleaned on the event loop, the clean would have been answered before /healthz.
    expect(order).toEqual(['clean started', 'healthz answered', 'clean answered']);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ad-segments']).toBe('3');
    expect(res.body.split('\n').filter((l) => l.startsWith('#EXTINF'))).toHaveLength(mediaConfig.cleanMaxSegments - 3);
  });

  it('refuses a playlist over the byte cap with a 422 naming the limit, and does not keep the refusal', async () => {
    const path = '/fat/index.m3u8';
    // The fake upstream serves every database's run of this suite: count this run's hits only.
    upstream.hits.delete(path);
    for (const n of [1, 2]) {
      const res = await clean(path);
      expect(res.statusCode).toBe(422);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ success: false, message: `Upstream playlist is larger than ${mediaConfig.maxPlaylistBytes} bytes; playlists this large are not cleaned.`, error: 'PLAYLIST_TOO_LARGE' });
      expect(upstream.hits.get(path)).toBe(n);
    }
  });

  it('refuses a playlist over the segment cap with a 422 naming the limit; at the cap it is cleaned', async () => {
    const res = await clean('/long/index.m3u8');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: `Upstream playlist has more than ${mediaConfig.cleanMaxSegments} segments; playlists this long are not cleaned.`, error: 'PLAYLIST_TOO_LONG' });
    const atCap = await clean('/limit/index.m3u8');
    expect(atCap.statusCode).toBe(200);
  });

  it('answers a flood of distinct playlists past the in-flight bound with 503 and Retry-After, at once, and stays responsive', async () => {
    const held = Array.from({ length: mediaConfig.cleanMaxInFlight }, (_, i) => clean(`/held/${i}.m3u8`));
    // Every in-flight slot is taken by a fetch the upstream holds open.
    while (upstream.held.length < mediaConfig.cleanMaxInFlight) await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await clean('/held/one-more.m3u8');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(mediaConfig.cleanRetryAfterS));
    expect(refused.json()).toEqual({ success: false, message: `The server is cleaning too many playlists at once; try again in ${mediaConfig.cleanRetryAfterS} s.`, error: 'BUSY' });
    expect(upstream.hits.get('/held/one-more.m3u8')).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    for (const res of upstream.held.splice(0)) res.writeHead(200, { 'Content-Type': 'application/vnd.apple.mpegurl' }).end(tinySegments(3));
    for (const res of await Promise.all(held)) expect(res.statusCode).toBe(200);
    // The slots are free again.
    const after = clean('/held/after.m3u8');
    while (upstream.held.length < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    upstream.held.splice(0).forEach((res) => res.end(tinySegments(2)));
    expect((await after).statusCode).toBe(200);
  });
});
