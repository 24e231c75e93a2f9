// GET /api/v2/hls/clean.m3u8 against playlists served by a loopback HTTP
// server whose address is in the catalogue.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema/catalogue';
import { filmWithAds as film } from './helpers/film-with-ads';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

/** 20 film segments of 6 s, a 3 x 5 s ad pod from another directory as pre-roll and after film segment 10. */
const filmWithAds = (dir: string) => film(dir, { count: 20, mid: 10, postRoll: false });

const master = ['#EXTM3U', '#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240', 'low/index.m3u8', '#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=640x360', 'high/index.m3u8', ''].join('\n');

interface Upstream {
  server: Server;
  origin: string;
}

async function listen(routes: Record<string, (res: import('node:http').ServerResponse) => void>): Promise<Upstream> {
  const server = createServer((req, res) => {
    const route = routes[(req.url ?? '').split('?')[0]];
    if (route) route(res);
    else res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const playlist = (text: string) => (res: import('node:http').ServerResponse) => res.writeHead(200, { 'Content-Type': 'application/vnd.apple.mpegurl' }).end(text);

let upstream: Upstream;
let stranger: Upstream;

beforeAll(async () => {
  stranger = await listen({ '/secret.m3u8': playlist(filmWithAds('/x')) });
  upstream = await listen({
    '/show/index.m3u8': playlist(filmWithAds('/show')),
    '/show/master.m3u8': playlist(master),
    '/show/low/index.m3u8': playlist(filmWithAds('/show/low')),
    '/show/high/index.m3u8': playlist(filmWithAds('/show/high')),
    '/show/page.m3u8': (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>hello</html>'),
    '/show/moved.m3u8': (res) => res.writeHead(302, { Location: '/show/index.m3u8' }).end(),
    '/show/away.m3u8': (res) => res.writeHead(302, { Location: `${stranger.origin}/secret.m3u8` }).end(),
  });
});
afterAll(async () => {
  upstream?.server.close();
  stranger?.server.close();
});

describe.each(databaseKinds)('cleaned playlists on %s', (kind) => {
  let t: TestApp;
  const clean = (query: string) => t.app.inject({ method: 'GET', url: `/api/v2/hls/clean.m3u8?${query}` });
  const src = (p: string) => `src=${encodeURIComponent(upstream.origin + p)}`;
  const uris = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await t.app.db.insert(videos).values({ typeId: 1, vodName: 'Show', sourceKey: 'test:show', vodPlayUrl: `Line 1$${upstream.origin}/show/master.m3u8` });
  });
  afterAll(async () => t?.close());

  it('serves a catalogue host\'s playlist without its ads, URIs absolute, to any origin', async () => {
    const res = await clean(src('/show/index.m3u8'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['x-ad-segments']).toBe('6');
    const list = uris(res.body);
    expect(list).toHaveLength(20);
    expect(list[0]).toBe(`${upstream.origin}/show/seg_000.ts`);
    expect(list.every((u) => u.startsWith(`${upstream.origin}/show/seg_`))).toBe(true);
    expect(res.body).not.toContain('/ads/');
    expect(res.body.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });

  it('follows a master playlist to one variant', async () => {
    const res = await clean(src('/show/master.m3u8'));
    expect(res.statusCode).toBe(200);
    const list = uris(res.body);
    expect(list).toHaveLength(20);
    const variant = list[0].includes('/show/high/') ? 'high' : 'low';
    expect(list.every((u) => u.startsWith(`${upstream.origin}/show/${variant}/seg_`))).toBe(true);
  });

  it('follows redirects on catalogue hosts', async () => {
    const res = await clean(src('/show/moved.m3u8'));
    expect(res.statusCode).toBe(200);
    expect(uris(res.body)[0]).toBe(`${upstream.origin}/show/seg_000.ts`);
  });

  it('clips to the whole clean segments overlapping [start, end)', async () => {
    // Clean timeline: film segment i covers [6i, 6i + 6); 50-70 s touches 8, 9, 10, 11.
    const res = await clean(`${src('/show/index.m3u8')}&start=50&end=70`);
    expect(res.statusCode).toBe(200);
    expect(uris(res.body)).toEqual([8, 9, 10, 11].map((i) => `${upstream.origin}/show/seg_${String(i).padStart(3, '0')}.ts`));
    // Segments 9 and 10 were split by the mid-roll: the clip says so.
    expect(res.body.split('\n').filter((l) => l === '#EXT-X-DISCONTINUITY')).toHaveLength(1);
    const from = await clean(`${src('/show/index.m3u8')}&start=108`);
    expect(uris(from.body)).toEqual([18, 19].map((i) => `${upstream.origin}/show/seg_0${i}.ts`));
  });

  it('refuses hosts that are not in the catalogue with 403, another port on the same address included', async () => {
    for (const url of [`${stranger.origin}/secret.m3u8`, 'http://169.254.169.254/latest/meta-data.m3u8']) {
      const res = await clean(`src=${encodeURIComponent(url)}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: `${new URL(url).host} is not a playlist host of the catalogue; only catalogue hosts are fetched.`, error: 'HOST_NOT_ALLOWED' });
    }
  });

  it('refuses a redirect from a catalogue host to another host', async () => {
    const res = await clean(src('/show/away.m3u8'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain(new URL(stranger.origin).host);
  });

  it('answers upstream failures with 502 and what went wrong', async () => {
    const missing = await clean(src('/show/gone.m3u8'));
    expect(missing.statusCode).toBe(502);
    expect(missing.json()).toEqual({ success: false, message: `Upstream answered HTTP 404 for ${upstream.origin}/show/gone.m3u8.`, error: 'UPSTREAM' });
    const html = await clean(src('/show/page.m3u8'));
    expect(html.statusCode).toBe(502);
    expect(html.json().message).toMatch(/^Upstream is not a usable playlist/);
  });

  it('rejects bad parameters with 400, naming them', async () => {
    const cases: [string, RegExp][] = [
      ['', /src/],
      [`src=${encodeURIComponent('ftp://example.com/a.m3u8')}`, /src: must be an absolute http\(s\) URL/],
      [`${src('/show/index.m3u8')}&start=abc`, /start: must be a number of seconds/],
      [`${src('/show/index.m3u8')}&start=30&end=20`, /end: end must be after start/],
      [`${src('/show/index.m3u8')}&start=500&end=600`, /outside the clean video \(0-120 s\)/],
    ];
    for (const [query, message] of cases) {
      const res = await clean(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers CORS preflights', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/v2/hls/clean.m3u8', headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' } });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});
