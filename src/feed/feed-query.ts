// The feed's part of the address: `t` holds the current clip as clean-segment
// indices 'start-end' (the worker restores exactly that window), `i` the
// video id. Restoring sets the range on the restored item before it plays.

import type { PreparedClip } from '../../workers/core/types';
import { clipRange } from '../router/route-params';
import { feedState } from './feed-state';

export function clipParam(clip: PreparedClip): string {
  return `${clip.clip.clipStartIdx}-${clip.clip.clipEndIdx}`;
}

/** Puts the address's clip range on the item it names (when that item is in the feed). */
export function restoreClipRange(id: string | undefined, t: string | undefined): void {
  if (!id || !t) return;
  const range = clipRange(t);
  if (!range) return;
  const item = feedState.items.find((i) => i.id === id);
  if (item && !item.isAd) item._restoreSegmentRange = { startIdx: range.start, endIdx: range.end };
}
