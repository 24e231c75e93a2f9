// The encoder's own string from a user_data_unregistered SEI (payload type 5):
// x264 and x265 write "x264 - core 164 r3095 baee400 - H.264/MPEG-4 AVC codec -
// ... - options: cabac=1 ref=3 ..." into the first access unit of an encode.

import { unescapeRbsp } from './bits';
import { signatureConfig } from './config';

const USER_DATA_UNREGISTERED = 5;
const UUID_BYTES = 16;

export interface EncoderInfo {
  encoder: string;
  options?: string;
}

/** `payload` is the SEI RBSP after the NAL header. */
function userDataStrings(payload: Uint8Array): string[] {
  const rbsp = unescapeRbsp(payload);
  const out: string[] = [];
  let i = 0;
  while (i < rbsp.length && rbsp[i] !== 0x80) {
    let type = 0;
    while (rbsp[i] === 0xff) type += rbsp[i++];
    type += rbsp[i++] ?? 0;
    let size = 0;
    while (rbsp[i] === 0xff) size += rbsp[i++];
    size += rbsp[i++] ?? 0;
    if (type === USER_DATA_UNREGISTERED && size > UUID_BYTES) {
      out.push(printable(rbsp.subarray(i + UUID_BYTES, Math.min(i + size, rbsp.length))));
    }
    i += size;
  }
  return out;
}

function printable(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) {
    if (b === 0) break;
    s += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '?';
  }
  return s;
}

/** The options minus those that depend on the machine (thread counts, CPU flags). */
function encodeOptions(options: string): string {
  const machine = new Set<string>(signatureConfig.machineOptions);
  return options
    .trim()
    .split(/\s+/)
    .filter((o) => !machine.has(o.split('=')[0]))
    .join(' ')
    .slice(0, signatureConfig.maxEncoderOptionsChars);
}

/** Name and version: the first two " - " fields (x264: "x264 - core 164 r3095 baee400"). */
export function encoderFromSei(payload: Uint8Array): EncoderInfo | undefined {
  for (const text of userDataStrings(payload)) {
    if (!/^x26[45]\b/.test(text)) continue;
    const [head, options] = text.split(' - options: ');
    const encoder = head.split(' - ').slice(0, 2).join(' - ').slice(0, signatureConfig.maxEncoderChars);
    return options === undefined ? { encoder } : { encoder, options: encodeOptions(options) };
  }
  return undefined;
}
