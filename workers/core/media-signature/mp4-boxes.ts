/// <reference path="./mux-js.d.ts" />
// Small MP4 box helpers over mux.js's findBox. Every read is bounds-checked:
// a Range ends anywhere.

import findBox from 'mux.js/lib/mp4/find-box.js';

export const box = (data: Uint8Array, path: string[]): Uint8Array | undefined => findBox(data, path)[0];
export const boxes = (data: Uint8Array, path: string[]): Uint8Array[] => findBox(data, path);

export function u16(b: Uint8Array, at: number): number | undefined {
  return at + 2 <= b.length ? (b[at] << 8) | b[at + 1] : undefined;
}

export function u32(b: Uint8Array, at: number): number | undefined {
  return at + 4 <= b.length ? ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0 : undefined;
}

export const fourcc = (b: Uint8Array, at: number): string => String.fromCharCode(...b.subarray(at, at + 4));

/** Top-level box types in order, as far as the bytes go. */
export function topLevelTypes(data: Uint8Array): string[] {
  const out: string[] = [];
  for (let i = 0; i + 8 <= data.length; ) {
    const size = u32(data, i) ?? 0;
    out.push(fourcc(data, i + 4));
    if (size < 8) break;
    i += size;
  }
  return out;
}
