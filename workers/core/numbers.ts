// Numbers in playlist text: durations and attribute values.

/** Most significant digits a double holds exactly: beyond this the generic parser decides. */
const EXACT_DIGITS = 15;

/**
 * `text[from, to)` as a number. Plain decimals ('4.28', '10') are read
 * without building a substring: this runs on every #EXTINF of a long playlist.
 * An exact integer divided by a power of ten rounds to the same double as
 * Number() would give; anything else goes to Number().
 */
export function decimal(text: string, from: number, to: number): number {
  let value = 0;
  let scale = 1;
  let dot = false;
  let digits = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 /* . */ && !dot) {
      dot = true;
      continue;
    }
    if (c < 48 || c > 57 || ++digits > EXACT_DIGITS) return Number(text.slice(from, to));
    value = value * 10 + (c - 48);
    if (dot) scale *= 10;
  }
  return digits === 0 ? Number(text.slice(from, to)) : value / scale;
}

/** A non-negative finite number, or undefined for anything else (missing, empty, negative, not a number). */
export function toNumber(s: string | undefined): number | undefined {
  if (s === undefined || s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}
