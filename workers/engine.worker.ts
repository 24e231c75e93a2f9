// The engine worker: wiring only (STYLE.md 1). Fetching, caching and the pure
// core live in workers/engine/prepare.ts and workers/core/.

import * as Comlink from 'comlink';
import { createCancelRegistry } from './engine/cancel';
import { createEngine, type ClipRequest, type PrepareClipOptions, type PrepareFullOptions } from './engine/prepare';

const engine = createEngine();
const tokens = createCancelRegistry();

const api = {
  /** Prepare one feed item: its clip playlist, clip window and ad intervals. */
  prepareClip(item: ClipRequest, options: PrepareClipOptions) {
    return tokens.run(options?.token, (signal) => engine.prepareClip(item, options, signal));
  },
  /** The clean (ad-free) full playlist of `url`, for full/seek playback. */
  prepareFull(url: string, options: PrepareFullOptions) {
    return tokens.run(options?.token, (signal) => engine.prepareFull(url, options, signal));
  },
  /** Abort the calls carrying `token`; they resolve with an ABORTED error. */
  cancel(token: string) {
    return tokens.cancel(token);
  },
  ping() {
    return 'pong' as const;
  },
};

export type EngineApi = typeof api;
export type { ClipRequest, PrepareClipOptions, PrepareFullOptions };

Comlink.expose(api, self as unknown as Comlink.Endpoint);
