// Which player this page gets (native-hls.ts decides and caches it): the
// probe every caller used to build by hand, with hls.js's own support check.

import Hls from 'hls.js';
import { playbackCapability, type PlaybackCapability } from './native-hls';

export function pageCapability(canPlayType: (type: string) => string): PlaybackCapability {
  return playbackCapability(() => ({ hlsSupported: () => Hls.isSupported(), canPlayType }));
}
