import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheConfig } from '../../workers/core/config';
import { createEngine, loadMediaPlaylist } from '../../workers/engine/prepare';
import { expectCleanClip, uris } from './helpers/clip-assertions';
import { AD_SEGMENTS, CONTENT_SEGMENTS, startPlaylistServer, type PlaylistServer } from './helpers/playlist-server';

let server: PlaylistServer;

beforeAll(async () => {
  server = await startPlaylistServer();
});
afterAll(() => server.close());

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('loadMediaPlaylist', () => {
  it.each([
    ['fast', 'v1080'],
    ['medium', 'v720'],
    ['slow', 'v360'],
  ] as const)('picks the variant for a %s network', async (network, dir) => {
    const result = await loadMediaPlaylist(server.url('/master.m3u8'), network);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.variant?.url).toBe(server.url(`/${dir}/index.m3u8`));
    expect(result.value.playlist.url).toBe(server.url(`/${dir}/index.m3u8`));
    expect(result.value.playlist.segments).toHaveLength(CONTENT_SEGMENTS + 2 * AD_SEGMENTS);
  });

  it('takes a media playlist as it is', async () => {
    const result = await loadMediaPlaylist(server.url('/media/index.m3u8'), 'fast');
    expect(result.ok && result.value.variant).toBeUndefined();
  });

  it("hands the master's EXT-X-DEFINE values to a variant that IMPORTs them", async () => {
    const texts: Record<string, string> = {
      'https://cdn.example.com/m.m3u8': '#EXTM3U\n#EXT-X-DEFINE:NAME="auth",VALUE="k9"\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nv/index.m3u8?auth={$auth}\n',
      'https://cdn.example.com/v/index.m3u8?auth=k9': '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-DEFINE:IMPORT="auth"\n#EXTINF:4,\ns0.ts?auth={$auth}\n#EXT-X-ENDLIST\n',
    };
    const fetch = async (url: string) => (url in texts ? new Response(texts[url], { status: 200 }) : new Response('', { status: 404 }));
    const result = await loadMediaPlaylist('https://cdn.example.com/m.m3u8', 'fast', { fetch });
    expect(result.ok && result.value.playlist.segments.map((x) => x.url)).toEqual(['https://cdn.example.com/v/s0.ts?auth=k9']);
  });

  it('returns the parse error of a response that is not a playlist', async () => {
    const result = await loadMediaPlaylist(server.url('/not-a-playlist.m3u8'), 'fast');
    expect(!result.ok && result.error.code).toBe('MISSING_HEADER');
  });
});

describe('createEngine', () => {
  it('prepares a clean clip from a master playlist', async () => {
    const engine = createEngine();
    const result = await engine.prepareClip({ url: server.url('/master.m3u8') }, { network: 'medium', seed: 7 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const prepared = result.value;
    expect(prepared.url).toBe(server.url('/v720/index.m3u8'));
    expect(prepared.variant?.height).toBe(720);
    expect(prepared.adSegmentCount).toBe(2 * AD_SEGMENTS);
    expect(prepared.adIntervals.length).toBe(2);
    expect(prepared.fullPlaylist).toBeUndefined();
    expectCleanClip(prepared, server.origin, 'v720');
    // Plain data only: it survives a structured clone unchanged.
    expect(structuredClone(prepared)).toEqual(prepared);
  });

  it('prepareFull returns the clean full playlist', async () => {
    const engine = createEngine();
    const result = await engine.prepareFull(server.url('/media/index.m3u8'), { network: 'fast' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const list = uris(result.value.fullPlaylist ?? '');
    expect(list).toHaveLength(CONTENT_SEGMENTS);
    expect(list.every((u) => u.startsWith(`${server.origin}/media/seg_`))).toBe(true);
  });

  it('restores a clip window by clean indices', async () => {
    const engine = createEngine();
    const result = await engine.prepareClip({ url: server.url('/media/index.m3u8') }, { network: 'fast', restore: { startIdx: 14, endIdx: 19 } });
    expect(result.ok && result.value.clip).toMatchObject({ clipStartIdx: 14, clipEndIdx: 19, start: 56, end: 80 });
    if (result.ok) expectCleanClip(result.value, server.origin, 'media');
  });

  it('the emergency fallback clip: the first 60 s of the clean video, whatever the restore or seed, kept apart in the cache', async () => {
    const engine = createEngine();
    const url = server.url('/media/index.m3u8');
    const selected = await engine.prepareClip({ url }, { network: 'fast', restore: { startIdx: 20, endIdx: 25 } });
    const emergency = await engine.prepareClip({ url }, { network: 'fast', restore: { startIdx: 20, endIdx: 25 }, emergency: true });
    expect(selected.ok && selected.value.clip.clipStartIdx).toBe(20);
    expect(emergency.ok && emergency.value.clip).toMatchObject({ start: 0, end: 60, clipStartIdx: 0, clipEndIdx: 60 / 4 - 1, fallback: 'emergency' });
    const list = uris(emergency.ok ? emergency.value.clipPlaylist : '');
    expect(list).toHaveLength(15);
    expect(list[0]).toBe(`${server.origin}/media/seg_000.ts`);
    expect(list.some((u) => u.includes('/ads/'))).toBe(false);
  });

  it('the same seed gives the same clip', async () => {
    const a = await createEngine().prepareClip({ url: server.url('/media/index.m3u8') }, { network: 'fast', seed: 42 });
    const b = await createEngine().prepareClip({ url: server.url('/media/index.m3u8') }, { network: 'fast', seed: 42 });
    expect(a.ok && b.ok && a.value.clip).toEqual(b.ok && b.value.clip);
  });

  it('caches prepared clips (5 min) and media playlists (30 s), and dedupes calls in flight', async () => {
    const c = clock();
    const engine = createEngine({ now: c.now });
    const url = server.url('/delayed.m3u8');
    const hits = () => server.hits.get('/delayed.m3u8') ?? 0;
    const before = hits();
    const [a, b] = await Promise.all([
      engine.prepareClip({ url }, { network: 'fast', seed: 1 }),
      engine.prepareClip({ url }, { network: 'fast', seed: 1 }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect(hits()).toBe(before + 1);
    // Another seed: a new clip from the cached media playlist.
    const other = await engine.prepareClip({ url }, { network: 'fast', seed: 2 });
    expect(other.ok).toBe(true);
    expect(hits()).toBe(before + 1);
    // After 30 s the media playlist is fetched again; the prepared clip is still cached.
    c.advance(cacheConfig.segmentSelectionTtlMs + 1);
    await engine.prepareClip({ url }, { network: 'fast', seed: 1 });
    expect(hits()).toBe(before + 1);
    await engine.prepareClip({ url }, { network: 'fast', seed: 3 });
    expect(hits()).toBe(before + 2);
    // After 5 min everything is fetched again.
    c.advance(cacheConfig.preparedClipTtlMs);
    await engine.prepareClip({ url }, { network: 'fast', seed: 1 });
    expect(hits()).toBe(before + 3);
  });

  it('returns HTTP errors as data and does not cache them', async () => {
    const engine = createEngine();
    const before = server.hits.get('/404.m3u8') ?? 0;
    for (let i = 0; i < 2; i++) {
      const result = await engine.prepareClip({ url: server.url('/404.m3u8') }, { network: 'fast' });
      expect(result).toEqual({ ok: false, error: { code: 'HTTP_ERROR', message: 'HTTP 404', retryable: false, status: 404 } });
    }
    expect(server.hits.get('/404.m3u8')).toBe(before + 2);
  });

  it('returns TIMEOUT with short injected timeouts', async () => {
    const engine = createEngine({ timeouts: { fastMs: 100, fallbackMs: 150 } });
    const result = await engine.prepareClip({ url: server.url('/slow.m3u8') }, { network: 'fast' });
    expect(!result.ok && result.error.code).toBe('TIMEOUT');
  });

  it('returns ABORTED when the caller cancels', async () => {
    const engine = createEngine();
    const controller = new AbortController();
    const pending = engine.prepareClip({ url: server.url('/slow.m3u8') }, { network: 'fast' }, controller.signal);
    setTimeout(() => controller.abort(), 50);
    const result = await pending;
    expect(!result.ok && result.error.code).toBe('ABORTED');
  });

  it('rejects an item without a URL', async () => {
    const result = await createEngine().prepareClip({ url: '' }, { network: 'fast' });
    expect(!result.ok && result.error.code).toBe('INVALID_PLAY_URL');
  });
});
