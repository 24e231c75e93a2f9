// While the next clip fetches its first fragment, the visible clip asks for no
// further fragment (it already holds at least one, several seconds): on a slow
// link the two would otherwise share the bandwidth and a quick swipe would
// find the next clip not ready. Loads in flight are not aborted (hls.js reads
// maxBufferLength on every tick, so lowering it only stops new requests); the
// hold ends when the next clip's fragment has arrived, or after a cap.

import { Events } from 'hls.js';
import type { HlsPool } from '../../player/hls-pool';
import { realTimers, type Timeouts } from '../../lib/timers';
import { feedPlaybackConfig } from './config';


export interface BandwidthHold {
  /**
   * Holds `visibleKey`'s buffering until `nextKey` has loaded a fragment, or for the cap (ends any earlier
   * hold). `nextKey` null: the next clip is not in the pool yet (it is being prepared); only the cap ends it,
   * unless a hold naming the next clip replaces it first.
   */
  start(visibleKey: string, nextKey: string | null): void;
  end(): void;
}

export function createBandwidthHold(pool: Pick<HlsPool, 'get' | 'listen'>, timers: Timeouts = realTimers): BandwidthHold {
  let endCurrent: (() => void) | null = null;
  const hold: BandwidthHold = {
    start(visibleKey, nextKey) {
      hold.end();
      const visible = pool.get(visibleKey) as { config?: { maxBufferLength: number } } | null;
      const config = visible?.config;
      if (!config || (nextKey !== null && !pool.get(nextKey))) return;
      const normal = config.maxBufferLength;
      config.maxBufferLength = feedPlaybackConfig.holdBufferSeconds;
      let offLoaded: () => void = () => undefined;
      const end = () => {
        if (endCurrent !== end) return;
        endCurrent = null;
        timers.clearTimeout(timer);
        offLoaded();
        config.maxBufferLength = normal;
      };
      const timer = timers.setTimeout(end, feedPlaybackConfig.holdMaxMs);
      if (nextKey !== null) offLoaded = pool.listen(nextKey, Events.FRAG_LOADED, end);
      endCurrent = end;
    },
    end() {
      endCurrent?.();
    },
  };
  return hold;
}
