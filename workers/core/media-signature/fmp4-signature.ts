/// <reference path="./mux-js.d.ts" />
// fMP4 signature: tracks from the init segment, and from a media segment's
// first bytes the first moof's tfdt per track (decode time: the first sample's
// composition offset, a frame or two with B-frames, is not read) and the
// encoder SEI of the first video sample when mdat's start is in range.

import parseTfdt from 'mux.js/lib/tools/parse-tfdt.js';
import { readAccessUnit } from './access-unit';
import { box, boxes, u32 } from './mp4-boxes';
import { readInitTracks, type InitTrack } from './mp4-init';
import { lengthPrefixedUnits } from './nal';
import type { EncoderInfo } from './sei';
import type { MediaSignature, SignaturePart } from './types';

function firstTimes(segment: Uint8Array, tracks: readonly InitTrack[]): { video?: number; audio?: number } | undefined {
  const out: { video?: number; audio?: number } = {};
  for (const traf of boxes(segment, ['moof', 'traf'])) {
    const tfhd = box(traf, ['tfhd']);
    const tfdt = box(traf, ['tfdt']);
    const track = tracks.find((t) => t.id === (tfhd ? u32(tfhd, 4) : undefined));
    if (!track?.timescale || !tfdt || tfdt.length < (tfdt[0] === 1 ? 12 : 8)) continue;
    const seconds = Number(parseTfdt(tfdt).baseMediaDecodeTime) / track.timescale;
    const kind = track.handler === 'vide' ? 'video' : track.handler === 'soun' ? 'audio' : undefined;
    if (kind && out[kind] === undefined) out[kind] = seconds;
  }
  return out.video === undefined && out.audio === undefined ? undefined : out;
}

function setEncoder(sig: MediaSignature, encoder: EncoderInfo | undefined): void {
  if (!encoder) return;
  sig.encoder = encoder.encoder;
  if (encoder.options) sig.encoderOptions = encoder.options;
}

export function readFmp4Signature(init: Uint8Array | undefined, segment: Uint8Array | undefined): MediaSignature {
  const missing: SignaturePart[] = [];
  const tracks = init ? readInitTracks(init) : [];
  if (tracks.length === 0) missing.push('init');
  const sig: MediaSignature = { container: 'fmp4', missing };
  const video = tracks.find((t) => t.video);
  const audio = tracks.find((t) => t.audio);
  if (video?.video) sig.video = video.video;
  if (audio?.audio) sig.audio = audio.audio;
  if (tracks.length > 0) sig.tracks = tracks.map((t) => `${t.id}:${t.handler}`).join(',');
  setEncoder(sig, video?.encoder);
  if (!segment) return sig;
  const times = firstTimes(segment, tracks);
  if (times) sig.firstPts = times;
  else missing.push('tfdt');
  const mdat = box(segment, ['mdat']);
  const codec = video?.video?.codec;
  if (!sig.encoder && mdat && video?.nalLengthSize && (codec === 'avc' || codec === 'hevc')) {
    setEncoder(sig, readAccessUnit(lengthPrefixedUnits(mdat, video.nalLengthSize), codec).encoder);
  }
  return sig;
}
