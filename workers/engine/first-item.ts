// The feed's first clip request from its first catalogue page, read the way
// the page reads it (src/api/catalogue-schemas.ts coerces the fields,
// workers/core/play-url.ts picks the address for both, src/feed/clip-prep.ts tries the
// catalogue's short clip first), so the engine can prepare it before the
// page's JavaScript has arrived. A guess only: the page's own request decides,
// and is answered from this one only when they are the same
// (tests/engine/first-item-parity.test.ts holds the two readings together).

import { itemPlayAddress, itemShortAddress } from '../core/index';
import type { ClipRequest } from './prepare';

/** Text as the catalogue schema reads it: strings, finite numbers as text, anything else ''. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** A positive whole id sent as a number or a digit string (the schema drops items without one). */
function videoId(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value.trim()) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The clip request of the first playable video of `list` (a catalogue page's list); null when none. Never throws. */
export function firstClipRequest(list: unknown): ClipRequest | null {
  if (!Array.isArray(list)) return null;
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    try {
      const id = videoId(record.vod_id);
      const original = id === null ? null : itemPlayAddress(record);
      if (id === null || !original) continue;
      return { url: itemShortAddress(record) ?? original, playFrom: text(record.vod_play_from), id };
    } catch {
      continue; // a hostile getter
    }
  }
  return null;
}
