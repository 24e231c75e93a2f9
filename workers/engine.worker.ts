// The engine worker: wiring only (STYLE.md 1). Fetching, caching and the pure
// core live in workers/engine/prepare.ts and workers/core/; the first clip's
// early start in workers/engine/warm-start.ts.

import * as Comlink from 'comlink';
import { createCancelRegistry } from './engine/cancel';
import { warmStartConfig } from './engine/config';
import { createEngine, type ClipRequest, type ClipShownOptions, type PrepareClipOptions, type PrepareFullOptions, type ShownClip } from './engine/prepare';
import { createLaterProbe } from './engine/probe-later';
import { corsRangeReader } from './engine/range-read';
import { createWarmStart } from './engine/warm-start';
import { guessPlan } from './net/network-guess';
import { classifyDevice, type DeviceFacts } from './core/device-class';

// The media probe (issue 19) of a shown clip cleans its video's later clips; terminating the worker ends a probe in flight.
const engine = createEngine({ probe: createLaterProbe({ reader: corsRangeReader() }) });
const tokens = createCancelRegistry();
// The device's quality cap, as the page computes it (workers/core/device-class.ts), from the worker's own navigator.
const deviceFacts = (): DeviceFacts => (typeof navigator === 'undefined' ? { userAgent: '' } : (navigator as DeviceFacts));
const warm = createWarmStart({ engine, network: () => guessPlan().network, saveData: () => guessPlan().saveData, maxHeight: () => classifyDevice(deviceFacts()).qualityCap });

const api = {
  /** Prepare one feed item: its clip playlist, clip window and ad intervals. */
  prepareClip(item: ClipRequest, options: PrepareClipOptions) {
    return tokens.run(options?.token, (signal) => warm.take(item, options, signal) ?? engine.prepareClip(item, options, signal));
  },
  /** The clean (ad-free) full playlist of `url`, for full/seek playback. */
  prepareFull(url: string, options: PrepareFullOptions) {
    return tokens.run(options?.token, (signal) => engine.prepareFull(url, options, signal));
  },
  /** A feed clip is on screen: its media may be probed in the background (never on a swipe's path). */
  clipShown(clip: ShownClip, options: ClipShownOptions) {
    engine.clipShown(clip, options);
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
export type { ClipRequest, ClipShownOptions, PrepareClipOptions, PrepareFullOptions, ShownClip };

// index.html's first catalogue page (its streaming body, or its list), a plain message beside Comlink's
// (Comlink ignores messages without its type).
self.addEventListener('message', (event: MessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === warmStartConfig.firstPageKind) {
    const page = data as { body?: unknown; list?: unknown };
    warm.start(page.body ?? page.list);
  }
});

Comlink.expose(api, self as unknown as Comlink.Endpoint);
