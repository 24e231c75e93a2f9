// The 188-byte packet grid of a TS byte range that may start mid-packet or hold
// garbage: a packet counts only where sync bytes repeat 188 bytes apart.

import { signatureConfig } from './config';

const { tsPacketBytes: SIZE, tsSyncByte: SYNC, tsSyncRun } = signatureConfig;

function onGrid(bytes: Uint8Array, i: number): boolean {
  let seen = 0;
  for (let k = i; k < bytes.length && seen < tsSyncRun; k += SIZE) {
    if (bytes[k] !== SYNC) return false;
    seen++;
  }
  // a lone packet at the very end of the range is kept when it is whole
  return seen >= Math.min(tsSyncRun, Math.floor((bytes.length - i) / SIZE));
}

/** Whole packets in byte order; after a lost sync the grid is searched for again. */
export function tsPackets(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let synced = false;
  let i = 0;
  while (i + SIZE <= bytes.length) {
    synced = bytes[i] === SYNC && (synced || onGrid(bytes, i));
    if (synced) {
      out.push(bytes.subarray(i, i + SIZE));
      i += SIZE;
    } else i++;
  }
  return out;
}

export function looksLikeTs(bytes: Uint8Array): boolean {
  for (let i = 0; i < Math.min(SIZE, bytes.length); i++) if (bytes[i] === SYNC && onGrid(bytes, i) && i + SIZE <= bytes.length) return true;
  return false;
}

export const pidOf = (packet: Uint8Array): number => ((packet[1] & 0x1f) << 8) | packet[2];

/** Payload after the header and adaptation field. */
export function payloadOf(packet: Uint8Array): Uint8Array {
  const control = (packet[3] >> 4) & 0x03;
  if ((control & 0x01) === 0) return packet.subarray(SIZE); // adaptation field only
  const start = control === 0x03 ? 5 + packet[4] : 4;
  return packet.subarray(Math.min(start, SIZE));
}
