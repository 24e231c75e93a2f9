// The short-video service as the feed uses it, against the real server
// (PGlite in memory, on a loopback port): random clips (one count request
// shared by concurrent draws, distinct pages), random-play pages that bring a
// random clip (its original completed by the page's detail call, the clip
// first in the player's fallback order), and a play recorded when a service
// clip starts on screen, once per time on screen.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedClip } from '../../workers/core/types';
import { createCatalogueClient } from '../../src/api/catalogue';
import { createShortVideoClient } from '../../src/api/short-videos';
import { catalogueVideoSchema, parseItems, type CatalogueVideo } from '../../src/api/catalogue-schemas';
import { toFeedItem, type FeedVideoItem } from '../../src/feed/feed-item';
import { playCandidates } from '../../src/feed/play-address';
import { playableItems } from '../../src/feed/playable';
import { withRandomShortClips } from '../../src/feed/random-short-clips';
import { createShortClipPlays } from '../../src/feed/short-clip-plays';
import { shortVideos } from '../../server/db/schema/short-videos';
import { upsertCategories, upsertVideos } from '../../server/services/catalogue/index';
import { buildTestApp, type TestApp } from '../server/helpers/test-app';

let t: TestApp;
let base: string;
const vid: Record<string, number> = {};
const clipOf: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp('pglite');
  await upsertCategories(t.app.db, [{ typeId: 1, typePid: 0, typeName: 'Filmes' }]);
  for (let i = 0; i < 25; i++) {
    await upsertVideos(t.app.db, [
      { sourceKey: `c:${i}`, typeId: 1, vodName: `Video ${i}`, vodPic: `https://img.test/${i}.jpg`, vodPlayUrl: `HD$https://cdn.test/${i}/index.m3u8`, vodTime: new Date(Date.UTC(2025, 0, 30) - i * 3_600_000) },
    ]);
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const all = (await (await fetch(`${base}/api.php/provide/vod/?ac=list&pagesize=100`)).json()) as { list: { vod_id: number; vod_name: string }[] };
  for (const v of all.list) vid[v.vod_name] = v.vod_id;
  // Clips of videos 3, 22 and 24, newest first (the service lists newest first): 22 and 24 are on page 2 of
  // the catalogue, so a draw of theirs adds them to page 1.
  for (const [i, n] of [3, 22, 24].entries()) {
    const [row] = await t.app.db
      .insert(shortVideos)
      .values({ originalId: vid[`Video ${n}`], title: `clip of ${n}`, sourceUrl: `https://cdn.test/${n}/index.m3u8`, playlist: '#EXTM3U', startSec: 0, endSec: 40, createdAt: new Date(Date.UTC(2025, 1, 1) - i * 60_000) })
      .returning({ id: shortVideos.id });
    clipOf[`Video ${n}`] = row.id;
  }
});
afterAll(async () => t?.close());

/** The page's fetch, counting requests by path and query. */
function countingFetch(): { fetch: typeof fetch; seen: URL[] } {
  const seen: URL[] = [];
  const real = globalThis.fetch;
  return {
    seen,
    fetch: async (input, init) => {
      seen.push(new URL(String(input)));
      return real(input, init);
    },
  };
}

describe('random clips', () => {
  it('draws distinct clips; concurrent draws share one count request', async () => {
    const counter = countingFetch();
    const original = globalThis.fetch;
    globalThis.fetch = counter.fetch;
    try {
      let r = 0;
      const client = createShortVideoClient({ baseUrl: base, random: () => [0.1, 0.5, 0.9, 0.3][r++ % 4] });
      const [a, b, c] = await Promise.all([client.randomClips(2), client.randomClips(1), client.randomClips(5)]);
      if (!a.ok || !b.ok || !c.ok) throw new Error('random clips failed');
      expect(a.value).toHaveLength(2);
      expect(new Set(a.value.map((x) => x.id)).size).toBe(2);
      expect(b.value).toHaveLength(1);
      // More asked than exist: each clip once.
      expect(c.value.map((x) => x.id).sort()).toEqual(Object.values(clipOf).sort());
      const counts = counter.seen.filter((u) => u.searchParams.get('page') === '1' && u.searchParams.get('page_size') === '1');
      expect(counts).toHaveLength(1);
    } finally {
      globalThis.fetch = original;
    }
  });

  it('a broken random source still ends (bounded draws)', async () => {
    const client = createShortVideoClient({ baseUrl: base, random: () => 0 });
    const r = await client.randomClips(2);
    expect(r.ok && r.value.map((c) => c.id)).toEqual([clipOf['Video 3']]);
  });
});

describe('random-play pages with a random clip', () => {
  it('adds the clip original to the page, completed by detail, with the clip first in the fallback order', async () => {
    const shortClient = createShortVideoClient({ baseUrl: base, random: () => 0.99 });
    const catalogue = createCatalogueClient({ baseUrl: base });
    const pages = withRandomShortClips(catalogue, shortClient);
    const page = await pages.list({ page: 1, lang: 'pt' });
    if (!page.ok) throw new Error(page.error.message);
    // random 0.99 draws the last of 3 pages: the oldest clip, of Video 24, not on catalogue page 1 (20 items).
    expect(page.value.list).toHaveLength(21);
    expect(page.value.list[20]).toMatchObject({ vod_id: vid['Video 24'], vod_name: 'clip of 24' });
    const items = await playableItems(pages, page.value.list, { lang: 'pt' });
    if (!items.ok) throw new Error(items.error.message);
    const added = items.value.find((i) => i.vod_id === vid['Video 24']) as FeedVideoItem;
    expect(added).toMatchObject({ title: 'Video 24', pic: 'https://img.test/24.jpg', url: 'https://cdn.test/24/index.m3u8' });
    const candidates = await playCandidates(added, { cachedShortUrl: (id) => shortClient.cache.get(id)?.m3u8_url, fetchShortUrl: async () => null });
    expect(candidates[0]).toEqual({ source: 'cached-short', url: `${base}/api/v2/short-videos/${clipOf['Video 24']}/index.m3u8` });
  });

  it('a clip already on the page is not added twice; no service leaves the page as it is', async () => {
    const shortClient = createShortVideoClient({ baseUrl: base, random: () => 0 });
    const catalogue = createCatalogueClient({ baseUrl: base });
    const page = await withRandomShortClips(catalogue, shortClient).list({ lang: 'pt', page: 1 });
    expect(page.ok && page.value.list).toHaveLength(20);
    expect(shortClient.cache.get(vid['Video 3'])?.id).toBe(clipOf['Video 3']);
    expect(withRandomShortClips(catalogue, null)).toBe(catalogue);
  });
});

describe('a catalogue video with a clip', () => {
  it('carries it (short_m3u8_url, shortVideoId, m3u8_url the stream it was cut from): the feed tries the clip first, full mode the stream', async () => {
    const catalogue = createCatalogueClient({ baseUrl: base });
    const detail = await catalogue.detail([vid['Video 22'], vid['Video 5']], { lang: 'pt' });
    if (!detail.ok) throw new Error(detail.error.message);
    const withClip = detail.value.find((v) => v.vod_id === vid['Video 22']);
    const without = detail.value.find((v) => v.vod_id === vid['Video 5']);
    expect(withClip).toMatchObject({ shortVideoId: clipOf['Video 22'], m3u8_url: 'https://cdn.test/22/index.m3u8' });
    expect(withClip?.short_m3u8_url).toMatch(new RegExp(`^http://[^/]+/api/v2/short-videos/${clipOf['Video 22']}/index\\.m3u8$`));
    expect(without).toMatchObject({ short_m3u8_url: '', m3u8_url: '' });
    expect(without?.shortVideoId).toBeUndefined();
    const item = toFeedItem(withClip as CatalogueVideo) as FeedVideoItem;
    expect(item).toMatchObject({ url: 'https://cdn.test/22/index.m3u8', shortVideoId: clipOf['Video 22'], isShortVideo: true });
    const candidates = await playCandidates(item, { cachedShortUrl: () => undefined, fetchShortUrl: async () => null });
    expect(candidates.map((c) => c.source)).toEqual(['item-short', 'original']);
    // The v2 backend's items carry the same.
    const v2 = (await (await fetch(`${base}/api/v2/videos/${vid['Video 22']}?lang=pt`)).json()) as { data: Record<string, unknown> };
    expect(v2.data).toMatchObject({ shortVideoId: clipOf['Video 22'], short_m3u8_url: withClip?.short_m3u8_url });
  });
});

/** A feed item from catalogue fields, parsed as the app parses them. */
function feedItem(fields: Record<string, unknown>): FeedVideoItem {
  const [video] = parseItems(catalogueVideoSchema, [fields]) as CatalogueVideo[];
  const item = toFeedItem(video);
  if (!item) throw new Error('no play address');
  return item;
}

describe('play records', () => {
  const playCount = async (id: number) => (await t.app.db.select({ n: shortVideos.playCount }).from(shortVideos).where(eq(shortVideos.id, id)))[0].n;

  it('records a play when a service clip starts, once per time on screen; originals and ads record nothing', async () => {
    const shortClient = createShortVideoClient({ baseUrl: base });
    const logged: string[] = [];
    const plays = createShortClipPlays({ shortVideos: () => shortClient, userAgent: () => 'TestPhone/1.0', referrer: () => '', log: (m) => logged.push(m) });
    const looked = await shortClient.clipForVideo(vid['Video 3']);
    const clip = looked.ok ? looked.value : null;
    if (!clip) throw new Error('no clip');
    const item = feedItem({ vod_id: vid['Video 3'], vod_name: 'Video 3', vod_play_url: 'HD$https://cdn.test/3/index.m3u8' });
    const other = feedItem({ vod_id: vid['Video 4'], vod_name: 'Video 4', vod_play_url: 'HD$https://cdn.test/4/index.m3u8' });
    const prepared = (url: string) => ({ url }) as PreparedClip;

    await plays.playing(item, prepared(clip.m3u8_url));
    expect(await playCount(clip.id)).toBe(1);
    // A resume (the same item playing again) is not a new play.
    await plays.playing(item, prepared(clip.m3u8_url));
    expect(await playCount(clip.id)).toBe(1);
    // Away (an original) and back: a new play.
    await plays.playing(other, prepared('https://cdn.test/4/index.m3u8'));
    await plays.playing(item, prepared(clip.m3u8_url));
    expect(await playCount(clip.id)).toBe(2);
    // The original of an item with a clip is not a play of the clip.
    await plays.playing(other, prepared('https://cdn.test/4/index.m3u8'));
    await plays.playing(item, prepared('https://cdn.test/3/index.m3u8'));
    expect(await playCount(clip.id)).toBe(2);
    // An ad in between counts as away.
    await plays.playing({ id: 'ad_1', isAd: true } as never, null);
    await plays.playing(item, prepared(clip.m3u8_url));
    expect(await playCount(clip.id)).toBe(3);
    expect(logged).toEqual([]);
  });

  it('an item naming its clip (shortUrl, shortVideoId) is recorded under that clip', async () => {
    const shortClient = createShortVideoClient({ baseUrl: base });
    const plays = createShortClipPlays({ shortVideos: () => shortClient, userAgent: () => 'x'.repeat(2_000), referrer: () => 'https://ref.test/', log: () => undefined });
    const id = clipOf['Video 22'];
    const url = `${base}/api/v2/short-videos/${id}/index.m3u8`;
    const item = feedItem({ vod_id: vid['Video 22'], vod_name: 'Video 22', short_m3u8_url: url, shortVideoId: id });
    const before = await playCount(id);
    await plays.playing(item, { url } as PreparedClip);
    await new Promise((r) => setTimeout(r, 100));
    // A user agent longer than the service keeps is cut, not refused.
    expect(await playCount(id)).toBe(before + 1);
  });
});
