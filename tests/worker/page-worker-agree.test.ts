// Issue 17 "Worker and page agree": the engine worker's warm start prepares the
// first clip from its own navigator before the page has said anything; the
// page then asks for the same clip with its adaptation's options. With the
// same connection figures on both sides (slow, medium, fast, Save-Data), the
// page's request is answered by the warm clip itself: same variant, no
// playlist fetched again, and the fragment fetched early is the one it plays.
// The page's own measured round trip (which the worker never sees) does not
// change the answer.

import { describe, expect, it } from 'vitest';
import { classifyDevice } from '../../workers/core/device-class';
import { firstFragmentUrls } from '../../workers/engine/first-fragment';
import { createEngine } from '../../workers/engine/prepare';
import { createWarmStart } from '../../workers/engine/warm-start';
import { guessPlan } from '../../workers/net/network-guess';
import { computeAdaptation, engineCallOptions, type NavigatorLike } from '../../src/player/adaptation';
import { masterPlaylist, mediaWithAds } from './helpers/playlist-server';

const O = 'https://cdn.test';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const files: Record<string, string> = {
  '/master.m3u8': masterPlaylist(),
  '/v360/index.m3u8': mediaWithAds('v360'),
  '/v720/index.m3u8': mediaWithAds('v720'),
  '/v1080/index.m3u8': mediaWithAds('v1080'),
};

function network() {
  const hits: string[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    hits.push(url);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    if (url.endsWith('.ts')) return new Response(new Uint8Array(4));
    const body = files[url.replace(O, '')];
    return body === undefined ? new Response('gone', { status: 404 }) : new Response(body);
  };
  return { fetch, hits };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

const cases = [
  { name: 'slow', connection: { effectiveType: '3g', downlink: 0.4, rtt: 900 }, measuredRttMs: 1200, variant: 'v360' },
  { name: 'medium', connection: { effectiveType: '4g', downlink: 4, rtt: 250 }, measuredRttMs: 700, variant: 'v720' },
  { name: 'fast', connection: { effectiveType: '4g', downlink: 20, rtt: 40 }, measuredRttMs: 600, variant: 'v1080' },
  { name: 'Save-Data', connection: { effectiveType: '4g', downlink: 20, rtt: 40, saveData: true }, measuredRttMs: 30, variant: 'v360' },
] as const;

describe('the warm start and the page\'s first request agree', () => {
  it.each(cases)('$name connection: the page\'s first request is the warm clip', async ({ connection, measuredRttMs, variant }) => {
    const nav: NavigatorLike = { userAgent: DESKTOP, deviceMemory: 8, hardwareConcurrency: 8, connection: { ...connection } };
    const net = network();
    const engine = createEngine({ fetch: net.fetch });
    // The worker, wired as workers/engine.worker.ts wires it, reading the same navigator.
    const warm = createWarmStart({
      engine,
      network: () => guessPlan({ navigator: nav }).network,
      saveData: () => guessPlan({ navigator: nav }).saveData,
      maxHeight: () => classifyDevice(nav).qualityCap,
      seed: () => 7,
      fetch: net.fetch,
    });
    warm.start([{ vod_id: 3, vod_play_from: 'demo', vod_play_url: `Line 1$${O}/master.m3u8` }]);
    await settle();
    const warmFragment = net.hits.find((h) => h.endsWith('.ts'));
    expect(warmFragment).toContain(`/${variant}/`);
    const fetchedBefore = net.hits.length;

    // The page, after it measured its own round trip (a figure the worker never has).
    const options = { ...engineCallOptions(computeAdaptation(nav, measuredRttMs, 'premium')), context: 'short-video' as const, token: 'first' };
    const answer = await warm.take({ url: `${O}/master.m3u8`, playFrom: 'demo', id: 3 }, options);
    expect(answer?.ok).toBe(true);
    if (!answer?.ok) return;
    expect(answer.value.url).toBe(`${O}/${variant}/index.m3u8`);
    expect(net.hits.length).toBe(fetchedBefore);
    expect(firstFragmentUrls(answer.value.clipPlaylist, answer.value.url)).toContain(warmFragment);
  });
});
