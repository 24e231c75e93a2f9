// hls.js playlist loader (pLoader) that answers playlist requests with text the
// engine worker already prepared: no extra round trip, and `response.url` is
// the real URL so relative URIs would still resolve (TOOLCHAIN.md "hls.js facts").
// Requests it has no text for go to hls.js's default loader.

import type {
  HlsConfig,
  Loader,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  LoaderStats,
  PlaylistLoaderConstructor,
  PlaylistLoaderContext,
} from 'hls.js';

/** Prepared playlist text for a URL, or undefined to load it over the network. */
export type PlaylistSource = (url: string) => string | undefined;

function newStats(): LoaderStats {
  return {
    aborted: false,
    loaded: 0,
    retry: 0,
    total: 0,
    chunkCount: 0,
    bwEstimate: 0,
    loading: { start: 0, first: 0, end: 0 },
    parsing: { start: 0, end: 0 },
    buffering: { start: 0, first: 0, end: 0 },
  };
}

export function createClipPlaylistLoader(source: PlaylistSource): PlaylistLoaderConstructor {
  return class ClipPlaylistLoader implements Loader<PlaylistLoaderContext> {
    context: PlaylistLoaderContext | null = null;
    stats: LoaderStats = newStats();
    private inner: Loader<LoaderContext> | null = null;
    private timer: ReturnType<typeof setTimeout> | undefined;

    constructor(private readonly hlsConfig: HlsConfig) {}

    load(context: PlaylistLoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<PlaylistLoaderContext>): void {
      this.context = context;
      const text = source(context.url);
      if (text === undefined) {
        this.inner = new this.hlsConfig.loader(this.hlsConfig);
        this.stats = this.inner.stats;
        this.inner.load(context, config, callbacks as unknown as LoaderCallbacks<LoaderContext>);
        return;
      }
      const stats = this.stats;
      stats.loading.start = performance.now();
      // Answer asynchronously, like a network loader would.
      this.timer = setTimeout(() => {
        this.timer = undefined;
        const now = performance.now();
        stats.loading.first = now;
        stats.loading.end = now;
        stats.loaded = stats.total = text.length;
        stats.chunkCount = 1;
        callbacks.onSuccess({ url: context.url, data: text, code: 200 }, stats, context, null);
      }, 0);
    }

    abort(): void {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.stats.aborted = true;
      this.inner?.abort();
    }

    destroy(): void {
      this.abort();
      this.inner?.destroy();
      this.inner = null;
      this.context = null;
    }

    getCacheAge(): number | null {
      return this.inner?.getCacheAge?.() ?? null;
    }

    getResponseHeader(name: string): string | null {
      return this.inner?.getResponseHeader?.(name) ?? null;
    }
  };
}
