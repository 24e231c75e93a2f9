// Tracks of an fMP4 init segment (EXT-X-MAP): codec, size and profile from
// avcC/hvcC (through the same SPS readers as TS), rate and channels from the
// sample entry and esds. mux.js's probe.tracks gives only codec strings and
// timescales, so the sample entries are read here.

import { readAccessUnit } from './access-unit';
import type { EncoderInfo } from './sei';
import { aacSampleRates } from './config';
import { box, boxes, fourcc, u16, u32 } from './mp4-boxes';
import { fourccCodec, roundFps } from './naming';
import { BitReader } from './bits';
import type { AudioSignature, VideoSignature } from './types';

export interface InitTrack {
  id: number;
  handler: string;
  timescale?: number;
  video?: VideoSignature;
  audio?: AudioSignature;
  nalLengthSize?: number; // bytes before each NAL unit in samples
  encoder?: EncoderInfo; // x265 SEI that ffmpeg keeps among hvcC's NAL arrays
}

interface CodecConfig {
  video?: VideoSignature;
  lengthSize: number;
  encoder?: EncoderInfo;
}

const VISUAL_CHILDREN = 78; // bytes of VisualSampleEntry fields before its child boxes
const AUDIO_CHILDREN = 28; // bytes of AudioSampleEntry fields before its child boxes

function avcConfig(avcC: Uint8Array): CodecConfig {
  const lengthSize = ((avcC[4] ?? 3) & 0x03) + 1;
  const spsLength = u16(avcC, 6) ?? 0;
  const sps = avcC.subarray(8, 8 + spsLength);
  if ((avcC[5] & 0x1f) === 0 || sps.length < 4) return { lengthSize };
  return { video: readAccessUnit([sps], 'avc').sps, lengthSize };
}

function hevcConfig(hvcC: Uint8Array): CodecConfig {
  const lengthSize = ((hvcC[21] ?? 3) & 0x03) + 1;
  const nals: Uint8Array[] = [];
  let at = 23;
  for (let a = 0; a < (hvcC[22] ?? 0) && at + 3 <= hvcC.length; a++) {
    const count = u16(hvcC, at + 1) ?? 0;
    at += 3;
    for (let n = 0; n < count && at + 2 <= hvcC.length; n++) {
      const len = u16(hvcC, at) ?? 0;
      nals.push(hvcC.subarray(at + 2, at + 2 + len));
      at += 2 + len;
    }
  }
  const au = readAccessUnit(nals, 'hevc');
  return { video: au.sps, lengthSize, encoder: au.encoder };
}

/** AudioSpecificConfig inside esds (ISO 14496-1 descriptors 3 > 4 > 5). */
function esdsAudio(esds: Uint8Array): Pick<AudioSignature, 'objectType' | 'sampleRate' | 'channels'> {
  let at = 4; // FullBox version and flags
  while (at + 2 <= esds.length) {
    const tag = esds[at++];
    let size = 0;
    for (let k = 0; k < 4 && at < esds.length; k++) {
      const b = esds[at++];
      size = size * 128 + (b & 0x7f);
      if (!(b & 0x80)) break;
    }
    if (tag === 3) {
      const flags = esds[at + 2] ?? 0;
      at += 3 + (flags & 0x80 ? 2 : 0) + (flags & 0x40 ? 1 + (esds[at + 3] ?? 0) : 0) + (flags & 0x20 ? 2 : 0);
    } else if (tag === 4) at += 13;
    else if (tag === 5) {
      const r = new BitReader(esds.subarray(at, at + size));
      let objectType = r.bits(5);
      if (objectType === 31) objectType = 32 + r.bits(6);
      const index = r.bits(4);
      const sampleRate = index === 15 ? r.bits(24) : aacSampleRates[index];
      const channels = r.bits(4);
      return r.overrun ? {} : { objectType, ...(sampleRate ? { sampleRate } : {}), channels };
    } else at += size;
  }
  return {};
}

function sampleEntry(trak: Uint8Array, handler: string): Partial<InitTrack> {
  const stsd = box(trak, ['mdia', 'minf', 'stbl', 'stsd']);
  if (!stsd || stsd.length < 16) return {};
  const type = fourcc(stsd, 12);
  const entry = stsd.subarray(16, 8 + (u32(stsd, 8) ?? 0));
  const codec = fourccCodec(type);
  if (handler === 'vide') {
    const video: VideoSignature = { codec, width: u16(entry, 24), height: u16(entry, 26) };
    const children = entry.subarray(VISUAL_CHILDREN);
    const avcC = codec === 'avc' ? box(children, ['avcC']) : undefined;
    const hvcC = codec === 'hevc' ? box(children, ['hvcC']) : undefined;
    const config = avcC ? avcConfig(avcC) : hvcC ? hevcConfig(hvcC) : undefined;
    return { video: roundFps({ ...video, ...config?.video }), nalLengthSize: config?.lengthSize, encoder: config?.encoder };
  }
  if (handler === 'soun') {
    const rate = u32(entry, 24);
    const audio: AudioSignature = { codec, channels: u16(entry, 16), sampleRate: rate === undefined ? undefined : rate >>> 16 };
    const esds = codec === 'aac' ? box(entry.subarray(AUDIO_CHILDREN), ['esds']) : undefined;
    return { audio: esds ? { ...audio, ...esdsAudio(esds) } : audio };
  }
  return {};
}

export function readInitTracks(init: Uint8Array): InitTrack[] {
  return boxes(init, ['moov', 'trak']).map((trak) => {
    const tkhd = box(trak, ['tkhd']);
    const mdhd = box(trak, ['mdia', 'mdhd']);
    const hdlr = box(trak, ['mdia', 'hdlr']);
    const handler = hdlr && hdlr.length >= 12 ? fourcc(hdlr, 8) : '';
    const id = tkhd ? (u32(tkhd, tkhd[0] === 1 ? 20 : 12) ?? 0) : 0;
    const timescale = mdhd ? u32(mdhd, mdhd[0] === 1 ? 20 : 12) : undefined;
    return { id, handler, timescale: timescale || undefined, ...sampleEntry(trak, handler) };
  });
}
