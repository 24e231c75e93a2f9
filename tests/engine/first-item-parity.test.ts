// The engine worker's reading of the feed's first catalogue page
// (workers/engine/first-item.ts) against the page's own: the catalogue client
// parses the page, the feed maps it to items, the clip preparer asks the
// engine for the first one. The warm start must take exactly that request.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCatalogueClient } from '../../src/api/catalogue';
import { createClipPrep, type Engine } from '../../src/feed/clip-prep';
import { toFeedItems } from '../../src/feed/feed-item';
import type { PreparedClip } from '../../workers/core/types';
import { firstClipRequest } from '../../workers/engine/first-item';
import { createWarmStart } from '../../workers/engine/warm-start';

afterEach(() => {
  vi.unstubAllGlobals();
});

const M = 'https://media.example.com';

const pages: [string, unknown[]][] = [
  ['a single route', [{ vod_id: 1, vod_play_from: 'src', vod_play_url: `Line 1$${M}/1/index.m3u8` }]],
  ['the first item without an address is skipped', [{ vod_id: 1, vod_play_url: 'Line 1$not a url' }, { vod_id: 2, vod_play_url: `${M}/2/index.m3u8` }]],
  ['an image address is no stream', [{ vod_id: 1, vod_play_url: `${M}/poster.jpg?m3u8` }, { vod_id: 3, vod_play_url: `a$${M}/3/index.m3u8` }]],
  ['the preferred quality of the first source', [{ vod_id: 4, vod_play_from: 'x$$$y', vod_play_url: `sd$${M}/4/sd/index.m3u8#hd$${M}/4/1080/index.m3u8$$$z$${M}/4/z.m3u8` }]],
  ['a first source without a stream', [{ vod_id: 5, vod_play_from: 'a$$$b', vod_play_url: `x$ftp://host/a.m3u8$$$y$${M}/5/index.m3u8` }]],
  ['the catalogue short clip first', [{ vod_id: 6, short_m3u8_url: ` ${M}/6/short.m3u8 `, vod_play_url: `${M}/6/index.m3u8` }]],
  ['the short clip before the item\'s own address', [{ vod_id: 13, m3u8_url: `${M}/13/index.m3u8`, short_m3u8_url: `${M}/13/short.m3u8` }]],
  ['m3u8_url before the routes', [{ vod_id: 7, m3u8_url: `${M}/7/m.m3u8`, vod_play_url: `${M}/7/index.m3u8` }]],
  ['ids as digit strings', [{ vod_id: '8', vod_play_url: `${M}/8/index.m3u8`, vod_play_from: 42 }]],
  ['items without a usable id are dropped', [{ vod_id: 'abc', vod_play_url: `${M}/x.m3u8` }, { vod_id: 0, vod_play_url: `${M}/y.m3u8` }, { vod_id: 9, vod_play_url: `${M}/9.m3u8` }]],
  ['fields the catalogue schema does not keep', [{ vod_id: 10, url: `${M}/10/url.m3u8`, src: `${M}/10/src.m3u8`, vod_play_url: `${M}/10/index.m3u8` }]],
  ['numbers where text is expected', [{ vod_id: 11, m3u8_url: 12, vod_play_url: `${M}/11/index.m3u8` }]],
  ['nothing playable', [{ vod_id: 12, vod_play_url: '' }, null, 'x']],
];

/** The page's first engine request for a catalogue page's list: client parse -> feed items -> clip preparer. */
async function pageRequest(list: unknown[]) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 1, msg: 'ok', page: 1, pagecount: 1, limit: 20, total: list.length, list })));
  const page = await createCatalogueClient({ baseUrl: 'http://catalogue.test' }).list({ lang: 'pt', page: 1, limit: 20 });
  if (!page.ok) throw new Error('the client refused the page');
  const first = toFeedItems(page.value.list)[0];
  if (!first) return null;
  const calls: { item: Parameters<Engine['prepareClip']>[0]; options: Parameters<Engine['prepareClip']>[1] }[] = [];
  const engine: Engine = {
    async prepareClip(item, options) {
      calls.push({ item, options });
      return { ok: false, error: { code: 'HTTP_ERROR', message: 'HTTP 404', retryable: false } };
    },
    prepareFull: async () => ({ ok: false, error: { code: 'HTTP_ERROR', message: 'HTTP 404', retryable: false } }),
    clipShown: () => undefined,
  };
  const prep = createClipPrep({ engine, callOptions: () => ({ network: 'fast' }), sources: { cachedShortUrl: () => undefined, fetchShortUrl: async () => null } });
  await prep.prepare(first);
  return calls[0] ?? null;
}

describe('the first clip request from the first catalogue page', () => {
  it.each(pages)('is the page\'s own: %s', async (_, list) => {
    const page = await pageRequest(list);
    const warm = firstClipRequest(list);
    if (!page) {
      expect(warm).toBeNull();
      return;
    }
    expect(warm).toEqual({ url: page.item.url, playFrom: page.item.playFrom ?? '', id: page.item.id });
    // ...and the warm start answers that very request (its options are the page's defaults).
    const prepared: PreparedClip[] = [];
    const started = createWarmStart({
      network: () => 'medium',
      seed: () => 5,
      fetch: async () => new Response('', { status: 404 }),
      engine: {
        prepareClip: async (item) => {
          const value = { url: item.url, clipPlaylist: '#EXTM3U\n', clip: { start: 0, end: 1, clipStartIdx: 0, clipEndIdx: 0 }, adIntervals: [], videoType: { type: 'short-video', mode: 'clip', shouldProcess: true, maxSegments: 8, adProcessingLevel: 'full' }, segmentCount: 1, adSegmentCount: 0, warnings: [] } as PreparedClip;
          prepared.push(value);
          return { ok: true, value };
        },
      },
    });
    started.start(list);
    const { signal: _signal, ...options } = page.options;
    expect(started.take(page.item, options)).not.toBeNull();
  });

  it('is null for anything but a list', () => {
    expect(firstClipRequest(undefined)).toBeNull();
    expect(firstClipRequest({ list: [] })).toBeNull();
    const hostile = { vod_id: 1 } as Record<string, unknown>;
    Object.defineProperty(hostile, 'vod_play_url', { get: () => { throw new Error('no'); }, enumerable: true });
    expect(firstClipRequest([hostile, { vod_id: 2, vod_play_url: `${M}/2.m3u8` }])).toEqual({ url: `${M}/2.m3u8`, playFrom: '', id: 2 });
  });
});
