import { describe, expect, it } from 'vitest';
import type { NetworkClass } from '../../workers/core/types';
import { firstFragmentUrls } from '../../workers/engine/first-fragment';
import { createEngine, type PrepareClipOptions } from '../../workers/engine/prepare';
import { createWarmStart } from '../../workers/engine/warm-start';
import { guessPlan } from '../../workers/net/network-guess';
import { masterPlaylist, mediaWithAds } from './helpers/playlist-server';

const O = 'https://cdn.test';

/** In-memory playlists behind a counting fetch; segments answer 200 with a few bytes. */
function network(files: Record<string, string>) {
  const hits: string[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    hits.push(url);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    if (url.endsWith('.ts') || url.endsWith('.key') || url.endsWith('.mp4')) return new Response(new Uint8Array(4));
    const body = files[url.replace(O, '')];
    return body === undefined ? new Response('gone', { status: 404 }) : new Response(body, { status: 200 });
  };
  return { fetch, hits, count: (path: string) => hits.filter((h) => h === O + path).length };
}

const singleVariantMaster = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\nv360/index.m3u8\n';
const files = {
  '/master.m3u8': masterPlaylist(),
  '/one/master.m3u8': singleVariantMaster,
  '/one/v360/index.m3u8': mediaWithAds('one/v360'),
  '/v360/index.m3u8': mediaWithAds('v360'),
  '/v720/index.m3u8': mediaWithAds('v720'),
  '/v1080/index.m3u8': mediaWithAds('v1080'),
  '/media/index.m3u8': mediaWithAds('media'),
};

function setup(guess: NetworkClass = 'medium') {
  const net = network(files);
  const engine = createEngine({ fetch: net.fetch });
  const warm = createWarmStart({ engine, network: () => guess, seed: () => 99, fetch: net.fetch });
  return { net, engine, warm };
}

const page = (path: string, extra: Record<string, unknown> = {}) => [{ vod_id: 3, vod_play_from: 'demo', vod_play_url: `Line 1$${O}${path}`, ...extra }];
const pageOptions = (network: NetworkClass, extra: Partial<PrepareClipOptions> = {}): PrepareClipOptions => ({ network, context: 'short-video', token: 't1', ...extra });
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('warm start of the first clip', () => {
  it('prepares the first item and fetches its first fragment; the page\'s request is answered from it without a fetch', async () => {
    const { net, warm } = setup();
    warm.start(page('/media/index.m3u8'));
    await settle();
    const fragment = net.hits.find((h) => h.endsWith('.ts'));
    expect(fragment).toMatch(/\/media\/seg_\d{3}\.ts$/);
    const before = net.hits.length;
    // The page classified the network otherwise; a media playlist has no variant to pick, so the clip stands.
    const answer = await warm.take({ url: `${O}/media/index.m3u8`, playFrom: 'demo', id: 3 }, pageOptions('fast'));
    expect(answer?.ok).toBe(true);
    if (!answer?.ok) return;
    expect(net.hits.length).toBe(before);
    expect(firstFragmentUrls(answer.value.clipPlaylist, answer.value.url)).toEqual([fragment]);
  });

  it('answers once: a later visit of the item draws its own clip', async () => {
    const { warm } = setup();
    warm.start(page('/media/index.m3u8'));
    const item = { url: `${O}/media/index.m3u8`, playFrom: 'demo' };
    expect(await warm.take(item, pageOptions('medium'))).toMatchObject({ ok: true });
    expect(warm.take(item, pageOptions('medium'))).toBeNull();
  });

  it('from a master, the page\'s network class picks the variant again with the same draw', async () => {
    const { net, warm, engine } = setup('medium');
    warm.start(page('/master.m3u8'));
    await settle();
    const warmClip = await engine.prepareClip({ url: `${O}/master.m3u8`, playFrom: 'demo' }, { network: 'medium', context: 'short-video', seed: 99 });
    // Another class picks another variant: the page gets that variant's clip (the same window), not the warm one.
    const answer = await warm.take({ url: `${O}/master.m3u8`, playFrom: 'demo' }, pageOptions('fast'));
    expect(answer?.ok && answer.value.url).toBe(`${O}/v1080/index.m3u8`);
    expect(warmClip.ok && warmClip.value.url).toBe(`${O}/v720/index.m3u8`);
    expect(answer?.ok && warmClip.ok && answer.value.clip).toEqual(warmClip.ok && warmClip.value.clip);
    expect(net.count('/v1080/index.m3u8')).toBe(1);
  });

  it('from a master whose variant any class would pick, the page gets the warm clip', async () => {
    const { warm, engine } = setup('medium');
    warm.start(page('/one/master.m3u8'));
    const warmClip = await engine.prepareClip({ url: `${O}/one/master.m3u8`, playFrom: 'demo' }, { network: 'medium', context: 'short-video', seed: 99 });
    const answer = await warm.take({ url: `${O}/one/master.m3u8`, playFrom: 'demo' }, pageOptions('slow'));
    expect(answer?.ok && answer.value.clipPlaylist).toBe(warmClip.ok && warmClip.value.clipPlaylist);
  });

  it('picks the variant within the device quality cap it classified, and the page asking with the same cap gets that clip unfetched', async () => {
    const net = network(files);
    const engine = createEngine({ fetch: net.fetch });
    const warm = createWarmStart({ engine, network: () => 'fast', maxHeight: () => 720, seed: () => 99, fetch: net.fetch });
    warm.start(page('/master.m3u8'));
    await settle();
    // Fast prefers 1080p; a 720p device gets 720p, and nothing above it is fetched.
    expect(net.count('/v720/index.m3u8')).toBe(1);
    expect(net.count('/v1080/index.m3u8')).toBe(0);
    const same = await warm.take({ url: `${O}/master.m3u8`, playFrom: 'demo' }, pageOptions('fast', { maxHeight: 720 }));
    expect(same?.ok && same.value.url).toBe(`${O}/v720/index.m3u8`);
    expect(net.count('/v720/index.m3u8')).toBe(1);
  });

  it('a page whose quality cap differs gets its own variant with the same draw', async () => {
    const net = network(files);
    const engine = createEngine({ fetch: net.fetch });
    const warm = createWarmStart({ engine, network: () => 'fast', maxHeight: () => 720, seed: () => 99, fetch: net.fetch });
    warm.start(page('/master.m3u8'));
    await settle();
    const answer = await warm.take({ url: `${O}/master.m3u8`, playFrom: 'demo' }, pageOptions('fast', { maxHeight: 1080 }));
    expect(answer?.ok && answer.value.url).toBe(`${O}/v1080/index.m3u8`);
  });

  it('leaves other requests to the normal path', async () => {
    const { warm } = setup();
    warm.start(page('/media/index.m3u8'));
    const item = { url: `${O}/media/index.m3u8`, playFrom: 'demo' };
    expect(warm.take({ ...item, url: `${O}/v720/index.m3u8` }, pageOptions('medium'))).toBeNull();
    expect(warm.take({ ...item, playFrom: 'other' }, pageOptions('medium'))).toBeNull();
    expect(warm.take(item, pageOptions('medium', { seed: 1 }))).toBeNull();
    expect(warm.take(item, pageOptions('medium', { restore: { startIdx: 1, endIdx: 3 } }))).toBeNull();
    expect(warm.take(item, pageOptions('medium', { cleanMode: true }))).toBeNull();
    expect(warm.take(item, pageOptions('medium', { emergency: true }))).toBeNull();
    expect(warm.take(item, pageOptions('medium', { context: 'full-video-modal' }))).toBeNull();
  });

  it('only the first page counts; nothing is prepared without a playable item', async () => {
    const { net, warm } = setup();
    warm.start([{ vod_id: 1, vod_play_url: 'nothing here' }]);
    warm.start(page('/media/index.m3u8'));
    await settle();
    expect(net.hits).toEqual([]);
    expect(warm.take({ url: `${O}/media/index.m3u8`, playFrom: 'demo' }, pageOptions('medium'))).toBeNull();
  });

  it('a failed warm start falls back to the page\'s own preparation', async () => {
    const { net, warm } = setup();
    warm.start(page('/missing.m3u8'));
    await settle();
    expect(net.count('/missing.m3u8')).toBe(1);
    const answer = await warm.take({ url: `${O}/missing.m3u8`, playFrom: 'demo' }, pageOptions('fast'));
    expect(answer).toEqual({ ok: false, error: { code: 'HTTP_ERROR', message: 'HTTP 404', retryable: false, status: 404 } });
    // The page's own attempt went to the network again rather than reusing the failure.
    expect(net.count('/missing.m3u8')).toBe(2);
  });

  it('the page\'s cancellation ends its wait', async () => {
    const { warm } = setup();
    warm.start(page('/media/index.m3u8'));
    const controller = new AbortController();
    const pending = warm.take({ url: `${O}/media/index.m3u8`, playFrom: 'demo' }, pageOptions('medium'), controller.signal);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
  });
});

describe('warm start from the page\'s body as it streams in', () => {
  /** A catalogue page whose first entry arrives at once and whose rest arrives only when `finish` is called. */
  function streamingPage(path: string) {
    const text = JSON.stringify({ code: 1, msg: 'ok', list: [{ vod_id: 1, vod_play_url: 'none' }, ...page(path), { vod_id: 9, vod_play_url: `${O}/other.m3u8` }] });
    const cut = text.indexOf('{"vod_id":9');
    const encoder = new TextEncoder();
    let finish = () => undefined as void;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(text.slice(0, cut)));
        finish = () => {
          controller.enqueue(encoder.encode(text.slice(cut)));
          controller.close();
        };
      },
      cancel() {
        cancelled = true;
      },
    });
    return { body, finish: () => finish(), cancelled: () => cancelled };
  }

  it('starts on the first playable entry before the page has fully arrived, and lets the rest go', async () => {
    const { net, warm } = setup();
    const stream = streamingPage('/media/index.m3u8');
    warm.start(stream.body);
    await settle();
    expect(net.hits.some((h) => h.endsWith('.ts'))).toBe(true);
    expect(stream.cancelled()).toBe(true);
    const before = net.hits.length;
    const answer = await warm.take({ url: `${O}/media/index.m3u8`, playFrom: 'demo', id: 3 }, pageOptions('fast'));
    expect(answer?.ok).toBe(true);
    expect(net.hits.length).toBe(before);
  });

  it('a request made while the page is still being read waits for it', async () => {
    const { net, warm } = setup();
    const encoder = new TextEncoder();
    let push: (text: string) => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (push = (t) => c.enqueue(encoder.encode(t))) });
    warm.start(body);
    push('{"code":1,"list":[');
    const pending = warm.take({ url: `${O}/media/index.m3u8`, playFrom: 'demo' }, pageOptions('medium'));
    expect(pending).not.toBeNull();
    push(JSON.stringify(page('/media/index.m3u8')[0]));
    expect((await pending)?.ok).toBe(true);
    expect(net.count('/media/index.m3u8')).toBe(1);
  });
});

describe('first fragment of a clip', () => {
  it('is the key, the init segment and the first media segment, each once', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:6',
      '#EXT-X-KEY:METHOD=AES-128,URI="k/1.key"',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXTINF:6,',
      'seg_1.m4s',
      '#EXTINF:6,',
      'seg_2.m4s',
      '#EXT-X-ENDLIST',
    ].join('\n');
    expect(firstFragmentUrls(text, `${O}/v/index.m3u8`)).toEqual([`${O}/v/k/1.key`, `${O}/v/init.mp4`, `${O}/v/seg_1.m4s`]);
  });

  it('leaves out clear keys, ranged parts and non-http addresses', () => {
    const text = ['#EXTM3U', '#EXT-X-TARGETDURATION:6', '#EXT-X-KEY:METHOD=NONE', '#EXT-X-MAP:URI="init.mp4",BYTERANGE="700@0"', '#EXTINF:6,', '#EXT-X-BYTERANGE:1000@700', 'all.mp4', '#EXT-X-ENDLIST'].join('\n');
    expect(firstFragmentUrls(text, `${O}/v/index.m3u8`)).toEqual([]);
    expect(firstFragmentUrls('#EXTM3U\n#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k"\n#EXTINF:6,\nseg.ts\n', `${O}/index.m3u8`)).toEqual([`${O}/seg.ts`]);
    expect(firstFragmentUrls('not a playlist', `${O}/index.m3u8`)).toEqual([]);
  });
});

describe('the warm start\'s network guess', () => {
  it('reads the worker\'s connection as the engine classifies a measurement, medium when there is none', () => {
    expect(guessPlan({ navigator: { connection: { effectiveType: '3g', downlink: 20 } } }).network).toBe('slow');
    expect(guessPlan({ navigator: { connection: { effectiveType: '4g', downlink: 20 } } }).network).toBe('fast');
    expect(guessPlan({ navigator: { connection: { rtt: 300 } } }).network).toBe('medium');
    expect(guessPlan({ navigator: {} }).network).toBe('medium');
    expect(guessPlan({}).network).toBe('medium');
  });
});
