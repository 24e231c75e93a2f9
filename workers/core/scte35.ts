// SCTE-35 splice_info_section reading, as far as an ad decision needs
// (ANSI/SCTE 35 2023 §9.6-9.9 and table 22): whether a cue opens or closes an
// ad break, and the break's length when it says. Payloads come from
// EXT-X-DATERANGE SCTE35-CMD/OUT/IN (hex, RFC 8216bis §4.4.5.1.1) or from
// CUE tags (base64).
//
// Written here rather than taken from npm: the one package (scte35 0.2.4,
// Comcast) has a single release from 2018 whose main entry does not resolve,
// and this reader needs ~100 lines of what it does.

/** What a cue says about ads. */
export type CueMeaning =
  /** An ad break starts (splice_insert out of network; an ad segmentation start). */
  | { kind: 'ad-start'; seconds?: number }
  /** An ad break ends (splice_insert back into the network; an ad segmentation end). */
  | { kind: 'ad-end' }
  /** A signal about the programme (chapter, programme boundary, content id...): not an ad. */
  | { kind: 'content' }
  /** Unreadable, or a command that says nothing either way (splice_null, bandwidth reservation...). */
  | { kind: 'unknown' };

const TABLE_ID = 0xfc;
const SPLICE_INSERT = 0x05;
const TIME_SIGNAL = 0x06;
const SEGMENTATION_DESCRIPTOR = 0x02;
const CUEI = 0x43554549; // 'CUEI', the SCTE identifier of splice descriptors
const TICKS_PER_SECOND = 90_000; // splice times and durations count a 90 kHz clock
const COMMAND_START = 14; // splice_command() follows the 14-byte section header
const UNKNOWN_LENGTH = 0xfff; // splice_command_length of old encoders that leave it unset

/**
 * segmentation_type_id values of ads (table 22): break start/end (0x22/0x23),
 * provider/distributor advertisement, placement opportunity, overlay placement
 * opportunity and promo starts and ends (0x30-0x3F), provider/distributor ad
 * block start/end (0x44-0x47). Starts are even, ends odd.
 */
function adSegmentation(type: number): 'ad-start' | 'ad-end' | null {
  if (type === 0x22 || type === 0x23 || (type >= 0x30 && type <= 0x3f) || (type >= 0x44 && type <= 0x47)) return type % 2 === 0 ? 'ad-start' : 'ad-end';
  return null;
}

/** Payload bytes from '0xFC30...' hex or base64; null when neither reads. */
export function scte35Bytes(payload: string): Uint8Array | null {
  const text = payload.trim();
  if (/^0x[0-9a-f]+$/i.test(text) && text.length % 2 === 0) {
    const out = new Uint8Array((text.length - 2) / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 + i * 2, 4 + i * 2), 16);
    return out;
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  try {
    const bin = atob(text);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** A 33-bit tick count at `p` (its top bit the low bit of byte p) in seconds. */
function ticks33(b: Uint8Array, p: number): number {
  return ((b[p] & 1) * 2 ** 32 + ((b[p + 1] << 24) >>> 0) + (b[p + 2] << 16) + (b[p + 3] << 8) + b[p + 4]) / TICKS_PER_SECOND;
}

/** Bytes of a splice_time() at `p`: 5 with a time, 1 without. */
const spliceTimeLength = (b: Uint8Array, p: number): number => (b[p] & 0x80 ? 5 : 1);

function readInsert(b: Uint8Array, p: number): CueMeaning {
  if (p + 5 > b.length || b[p + 4] & 0x80) return { kind: 'unknown' }; // cancelled
  const flags = b[p + 5];
  const out = (flags & 0x80) !== 0;
  if (!out) return { kind: 'ad-end' };
  const program = (flags & 0x40) !== 0;
  const hasDuration = (flags & 0x20) !== 0;
  const immediate = (flags & 0x10) !== 0;
  let q = p + 6;
  if (program && !immediate) q += spliceTimeLength(b, q);
  if (!program) {
    const components = b[q++];
    for (let c = 0; c < components; c++) q += 1 + (immediate ? 0 : spliceTimeLength(b, q + 1));
  }
  const seconds = hasDuration && q + 5 <= b.length ? ticks33(b, q) : 0;
  return seconds > 0 ? { kind: 'ad-start', seconds } : { kind: 'ad-start' };
}

/** The segmentation descriptors of a time_signal: the first that concerns ads decides. */
function readDescriptors(b: Uint8Array, p: number): CueMeaning {
  if (p + 2 > b.length) return { kind: 'unknown' };
  const end = Math.min(b.length, p + 2 + ((b[p] << 8) | b[p + 1]));
  let q = p + 2;
  let sawSegmentation = false;
  while (q + 2 <= end) {
    const tag = b[q];
    const length = b[q + 1];
    const d = q + 2;
    q = d + length;
    if (tag !== SEGMENTATION_DESCRIPTOR || length < 5 || q > end) continue;
    const identifier = ((b[d] << 24) | (b[d + 1] << 16) | (b[d + 2] << 8) | b[d + 3]) >>> 0;
    if (identifier !== CUEI || b[d + 8] & 0x80) continue; // another body's descriptor, or cancelled
    const flags = b[d + 9];
    let r = d + 10;
    if (!(flags & 0x80)) r += 1 + 6 * b[r]; // component list
    let seconds: number | undefined;
    if (flags & 0x40) {
      // segmentation_duration: 40 bits of 90 kHz ticks
      seconds = (b[r] * 2 ** 32 + ((b[r + 1] << 24) >>> 0) + (b[r + 2] << 16) + (b[r + 3] << 8) + b[r + 4]) / TICKS_PER_SECOND;
      r += 5;
    }
    r += 2 + b[r + 1]; // upid type, length, upid
    if (r >= q) continue;
    sawSegmentation = true;
    const kind = adSegmentation(b[r]);
    if (kind === 'ad-start') return seconds === undefined || seconds <= 0 ? { kind } : { kind, seconds };
    if (kind === 'ad-end') return { kind };
  }
  return sawSegmentation ? { kind: 'content' } : { kind: 'unknown' };
}

/** What a SCTE-35 payload (hex or base64) says about ads. Never throws. */
export function readScte35(payload: string): CueMeaning {
  const b = scte35Bytes(payload);
  if (b === null || b.length < COMMAND_START || b[0] !== TABLE_ID) return { kind: 'unknown' };
  if (b[4] & 0x80) return { kind: 'unknown' }; // encrypted command
  const type = b[13];
  if (type === SPLICE_INSERT) return readInsert(b, COMMAND_START);
  if (type !== TIME_SIGNAL) return { kind: 'unknown' };
  const length = ((b[11] & 0x0f) << 8) | b[12];
  const command = length === UNKNOWN_LENGTH ? spliceTimeLength(b, COMMAND_START) : length;
  return readDescriptors(b, COMMAND_START + command);
}
