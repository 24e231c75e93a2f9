// AES-128 HLS as a player sees it, written from RFC 8216 rather than taken
// from the engine, so the engine's playlists are judged by an outside reading:
// which key and IV apply to each segment (§4.3.2.4: an EXT-X-KEY holds until
// the next one; without an IV attribute the IV is the segment's media sequence
// number, §5.2), and whether a segment decrypted with an IV is really what was
// encrypted. CBC garbles only the first 16-byte block under a wrong IV, which
// in an MPEG-TS segment is inside its first packet's PSI table (ffmpeg writes
// the SDT first): players never notice, but the table's CRC does.

import { createDecipheriv } from 'node:crypto';

const IV_HEX_DIGITS = 32; // an AES-128 IV is 128 bits
const TS_PACKET = 188; // bytes in an MPEG-TS packet
const TS_SYNC = 0x47; // the first byte of every MPEG-TS packet
const TS_HEADER = 4; // bytes of the packet header before the payload
const PSI_HEADER = 3; // table_id and the 12-bit section_length
const CRC_POLY = 0x04c11db7; // CRC-32/MPEG-2 (no reflection, no final xor): over a whole section, 0

export interface SegmentCipher {
  /** Absolute segment URL. */
  url: string;
  /** Its media sequence number in this playlist. */
  sequence: number;
  /** 'NONE' for clear segments. */
  method: string;
  /** Absolute key URL (encrypted segments). */
  keyUrl?: string;
  /** The IV a player uses: 32 lower-case hex digits, no 0x (encrypted segments). */
  iv?: string;
  /** Whether the IV came from an IV attribute rather than the sequence number. */
  explicitIv: boolean;
}

function attribute(line: string, name: string): string | undefined {
  const m = new RegExp(`[:,]${name}=("[^"]*"|[^,]*)`).exec(line);
  return m ? m[1].replace(/^"|"$/g, '') : undefined;
}

export const sequenceIv = (sequence: number) => sequence.toString(16).padStart(IV_HEX_DIGITS, '0');

/** Every segment of a media playlist with the key and IV a player decrypts it with. */
export function segmentCiphers(text: string, playlistUrl: string): SegmentCipher[] {
  let sequence = 0;
  let method = 'NONE';
  let keyUrl: string | undefined;
  let iv: string | undefined;
  const out: SegmentCipher[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) sequence = Number(line.slice(line.indexOf(':') + 1));
    else if (line.startsWith('#EXT-X-KEY:')) {
      method = attribute(line, 'METHOD') ?? 'NONE';
      const uri = attribute(line, 'URI');
      keyUrl = uri === undefined ? undefined : new URL(uri, playlistUrl).href;
      iv = attribute(line, 'IV')?.replace(/^0x/i, '').toLowerCase().padStart(IV_HEX_DIGITS, '0');
    } else if (line && !line.startsWith('#')) {
      const clear = method === 'NONE';
      out.push({ url: new URL(line, playlistUrl).href, sequence, method, ...(clear ? {} : { keyUrl, iv: iv ?? sequenceIv(sequence) }), explicitIv: !clear && iv !== undefined });
      sequence++;
    }
  }
  return out;
}

export function decryptSegment(data: Uint8Array, key: Uint8Array, ivHex: string): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', key, Buffer.from(ivHex, 'hex'));
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

function crc32Mpeg2(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b << 24;
    for (let i = 0; i < 8; i++) crc = crc & 0x80000000 ? (crc << 1) ^ CRC_POLY : crc << 1;
  }
  return crc >>> 0;
}

/**
 * Clear MPEG-TS whose first packet starts a PSI table with a matching CRC:
 * proof that the first cipher block (the only one an IV decides) came out right.
 */
export function tsIntact(ts: Uint8Array): { packets: boolean; firstTableCrc: boolean } {
  let packets = ts.length > 0 && ts.length % TS_PACKET === 0;
  for (let at = 0; packets && at < ts.length; at += TS_PACKET) packets = ts[at] === TS_SYNC;
  const start = TS_HEADER + 1 + ts[TS_HEADER]; // the pointer field says where the section starts
  const length = PSI_HEADER + (((ts[start + 1] & 0x0f) << 8) | ts[start + 2]);
  const firstTableCrc = packets && start + length <= TS_PACKET && crc32Mpeg2(ts.subarray(start, start + length)) === 0;
  return { packets, firstTableCrc };
}
