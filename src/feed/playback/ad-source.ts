// A feed ad's video plays from its own address directly (spec 1 §4 "Ads in
// the feed"): no worker, no ad detection. The controller takes a prepared
// item; in full mode without a clean playlist it loads the original address
// over the network, which is exactly "play it as it is".

import type { PreparedClip } from '../../../workers/core/types';

export function adVideoSource(url: string): PreparedClip {
  return {
    url,
    clipPlaylist: '',
    clip: { start: 0, end: 0, clipStartIdx: 0, clipEndIdx: 0 },
    adIntervals: [],
    videoType: { type: 'short-video', mode: 'full', shouldProcess: false, maxSegments: 0, adProcessingLevel: 'none' },
    segmentCount: 0,
    adSegmentCount: 0,
    warnings: [],
  };
}
