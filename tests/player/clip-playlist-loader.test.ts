import type { HlsConfig, LoaderCallbacks, LoaderConfiguration, LoaderContext, PlaylistLoaderContext } from 'hls.js';
import { describe, expect, it, vi } from 'vitest';
import { createClipPlaylistLoader } from '../../src/player/clip-playlist-loader';
import { playlistSource } from '../../src/player/hls-pool';

/** The pool's source of prepared text, for one URL. */
const singlePlaylist = (url: string, text: string) => playlistSource(new Map([[url, text]]));

const URL_A = 'http://127.0.0.1:8080/media/with-ads/index.m3u8';
const TEXT = '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nhttp://127.0.0.1:8080/media/content/seg_010.ts\n#EXT-X-ENDLIST\n';

function context(url: string): PlaylistLoaderContext {
  return { url, type: 'manifest', responseType: 'text', level: null, id: null, deliveryDirectives: null, levelOrTrack: null } as PlaylistLoaderContext;
}

function callbacks() {
  return { onSuccess: vi.fn(), onError: vi.fn(), onTimeout: vi.fn() } satisfies LoaderCallbacks<PlaylistLoaderContext>;
}

const loadConfig = {} as LoaderConfiguration;

describe('clip playlist loader', () => {
  it('answers the prepared URL asynchronously with the text, the real URL and filled stats', async () => {
    const Loader = createClipPlaylistLoader(singlePlaylist(URL_A, TEXT));
    const loader = new Loader({} as HlsConfig);
    const cb = callbacks();
    const ctx = context(URL_A);
    loader.load(ctx, loadConfig, cb);
    expect(cb.onSuccess).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(cb.onSuccess).toHaveBeenCalledTimes(1));
    const [response, stats, passedContext] = cb.onSuccess.mock.calls[0];
    expect(response).toEqual({ url: URL_A, data: TEXT, code: 200 });
    expect(passedContext).toBe(ctx);
    expect(stats.loaded).toBe(TEXT.length);
    expect(stats.total).toBe(TEXT.length);
    expect(stats.loading.end).toBeGreaterThanOrEqual(stats.loading.start);
    expect(stats.loading.start).toBeGreaterThan(0);
  });

  it('matches URLs after normalisation', () => {
    const source = singlePlaylist(URL_A, TEXT);
    expect(source('http://127.0.0.1:8080/media/x/../with-ads/index.m3u8')).toBe(TEXT);
    expect(source('http://127.0.0.1:8080/media/other.m3u8')).toBeUndefined();
  });

  it('abort() before the answer suppresses the callback', async () => {
    const Loader = createClipPlaylistLoader(singlePlaylist(URL_A, TEXT));
    const loader = new Loader({} as HlsConfig);
    const cb = callbacks();
    loader.load(context(URL_A), loadConfig, cb);
    loader.abort();
    await new Promise((r) => setTimeout(r, 20));
    expect(cb.onSuccess).not.toHaveBeenCalled();
    expect(loader.stats.aborted).toBe(true);
  });

  it('hands other URLs to the default loader', () => {
    const load = vi.fn();
    class FakeLoader {
      stats = { aborted: false };
      load = load;
      abort() {}
      destroy() {}
    }
    const Loader = createClipPlaylistLoader(singlePlaylist(URL_A, TEXT));
    const loader = new Loader({ loader: FakeLoader } as unknown as HlsConfig);
    const ctx = context('http://127.0.0.1:8080/media/content/index.m3u8');
    loader.load(ctx, loadConfig, callbacks());
    expect(load).toHaveBeenCalledTimes(1);
    expect((load.mock.calls[0] as [LoaderContext])[0]).toBe(ctx);
  });
});
