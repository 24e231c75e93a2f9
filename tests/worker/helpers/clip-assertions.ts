import { expect } from 'vitest';
import type { PreparedClip } from '../../../workers/core/types';

/** URI lines of a playlist. */
export function uris(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

export function extinfSum(text: string): number {
  let sum = 0;
  for (const m of text.matchAll(/^#EXTINF:([\d.]+)/gm)) sum += Number(m[1]);
  return sum;
}

/** The clip playlist holds exactly the clip window, as absolute content URIs from `dir`, and no ad. */
export function expectCleanClip(prepared: PreparedClip, origin: string, dir: string): void {
  const { clip, clipPlaylist } = prepared;
  const list = uris(clipPlaylist);
  expect(clipPlaylist.startsWith('#EXTM3U')).toBe(true);
  expect(clipPlaylist).toContain('#EXT-X-ENDLIST');
  expect(list.length).toBe(clip.clipEndIdx - clip.clipStartIdx + 1);
  expect(list.length).toBeGreaterThanOrEqual(3);
  expect(list.length).toBeLessThanOrEqual(8);
  for (const uri of list) {
    expect(uri.startsWith(`${origin}/`)).toBe(true);
    expect(uri).not.toContain('/ads/');
  }
  // Clean index i is content segment i: the ads before and inside the content are gone.
  const expected = list.map((_, k) => `${origin}/${dir}/seg_${String(clip.clipStartIdx + k).padStart(3, '0')}.ts`);
  expect(list).toEqual(expected);
  expect(extinfSum(clipPlaylist)).toBeCloseTo(clip.end - clip.start, 3);
}
