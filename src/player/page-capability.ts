// Which player this page gets (native-hls.ts decides and caches it): the
// probe every caller used to build by hand, with hls.js's own support check;
// and which players it has at all, for the fallback ladder.

import Hls from 'hls.js';
import { hasNativeHls, playbackCapability, type PlaybackCapability } from './native-hls';

export function pageCapability(canPlayType: (type: string) => string): PlaybackCapability {
  return playbackCapability(() => ({ hlsSupported: () => Hls.isSupported(), canPlayType }));
}

/** hls.js runs here; the browser plays HLS itself (Chromium answers "maybe" and does; Firefox answers ''). */
export function pagePlayers(canPlayType: (type: string) => string): { hls: boolean; native: boolean } {
  return { hls: Hls.isSupported(), native: hasNativeHls(canPlayType) };
}
