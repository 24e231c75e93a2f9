/// <reference path="./mux-js.d.ts" />
// MPEG-TS signature from a segment's first bytes. PAT, PMT and PES timing come
// from mux.js's TS probe; the PES gathering (mux.js's inspector keeps only H.264
// and ADTS PIDs and also walks the range from its end) and the ES readers are here.

import tsProbe from 'mux.js/lib/m2ts/probe.js';
import { readAccessUnit } from './access-unit';
import { readAdts } from './adts';
import { signatureConfig, StreamType } from './config';
import { annexBUnits } from './nal';
import { roundFps, streamCodec } from './naming';
import { payloadOf, pidOf, tsPackets } from './ts-packets';
import type { AudioSignature, MediaSignature, PidLayout, SignaturePart, VideoSignature } from './types';

interface Pes {
  pts?: number;
  es: Uint8Array;
}

const VIDEO_TYPES = new Set<number>([StreamType.mpeg2Video, StreamType.avc, StreamType.hevc]);
const AUDIO_TYPES = new Set<number>([StreamType.mpeg1Audio, StreamType.mpeg2Audio, StreamType.adtsAac, StreamType.latmAac, StreamType.ac3, StreamType.eac3]);

function readPsi(packets: readonly Uint8Array[]): { pmtPid: number; table: Record<number, number> } | undefined {
  let pmtPid: number | null = null;
  for (const p of packets) {
    const type = tsProbe.parseType(p, pmtPid);
    if (type === 'pat') pmtPid = tsProbe.parsePat(p);
    else if (type === 'pmt' && pmtPid !== null) {
      const table = tsProbe.parsePmt(p);
      if (table && Object.keys(table).length > 0) return { pmtPid, table };
    }
  }
  return undefined;
}

/** The first whole-or-truncated PES of a PID: from its first start packet to the next. */
function firstPes(packets: readonly Uint8Array[], pid: number): Pes | undefined {
  const parts: Uint8Array[] = [];
  let first: Uint8Array | undefined;
  let size = 0;
  for (const p of packets) {
    if (pidOf(p) !== pid) continue;
    const start = tsProbe.parsePayloadUnitStartIndicator(p);
    if (first && start) break;
    if (!first && !start) continue;
    first ??= p;
    const payload = payloadOf(p);
    parts.push(payload);
    size += payload.length;
    if (size >= signatureConfig.maxPesBytes) break;
  }
  if (!first) return undefined;
  const pes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    pes.set(part, at);
    at += part.length;
  }
  if (pes[0] !== 0 || pes[1] !== 0 || pes[2] !== 1) return undefined;
  const time = tsProbe.parsePesTime(first);
  return { pts: time ? time.pts / signatureConfig.ptsHz : undefined, es: pes.subarray(Math.min(9 + (pes[8] ?? 0), pes.length)) };
}

function layout(pmtPid: number, table: Record<number, number>, video?: number, audio?: number): PidLayout {
  const streams = Object.keys(table)
    .map(Number)
    .sort((a, b) => a - b)
    .map((pid) => `${pid}:${table[pid].toString(16)}`)
    .join(',');
  return { pmt: pmtPid, ...(video === undefined ? {} : { video }), ...(audio === undefined ? {} : { audio }), streams };
}

/**
 * `tail`: optionally the segment's last bytes (a suffix Range). Muxers like
 * ffmpeg's hold audio back behind the first keyframe, so the first audio PES
 * can lie beyond a short head Range; the tail then gives the ADTS header (not
 * the first audio PTS).
 */
export function readTsSignature(bytes: Uint8Array, tail?: Uint8Array): MediaSignature {
  const packets = tsPackets(bytes);
  const psi = readPsi(packets);
  if (!psi) return { container: 'ts', missing: ['pmt'] };
  const missing: SignaturePart[] = [];
  const pids = Object.keys(psi.table).map(Number);
  const videoPid = pids.find((pid) => VIDEO_TYPES.has(psi.table[pid]));
  const audioPid = pids.find((pid) => AUDIO_TYPES.has(psi.table[pid]));
  const sig: MediaSignature = { container: 'ts', pids: layout(psi.pmtPid, psi.table, videoPid, audioPid), missing };
  const firstPts: { video?: number; audio?: number } = {};

  if (videoPid !== undefined) {
    const type = psi.table[videoPid];
    const codec = streamCodec(type);
    let video: VideoSignature = { codec };
    const pes = firstPes(packets, videoPid);
    if (!pes) missing.push('video-pes');
    else {
      if (pes.pts !== undefined) firstPts.video = pes.pts;
      if (codec === 'avc' || codec === 'hevc') {
        const au = readAccessUnit(annexBUnits(pes.es), codec);
        if (au.sps) video = roundFps(au.sps);
        if (!au.sps?.width) missing.push('sps');
        if (au.encoder) {
          sig.encoder = au.encoder.encoder;
          if (au.encoder.options) sig.encoderOptions = au.encoder.options;
        }
      }
    }
    sig.video = video;
  }

  if (audioPid !== undefined) {
    const type = psi.table[audioPid];
    let audio: AudioSignature = { codec: streamCodec(type) };
    const head = firstPes(packets, audioPid);
    const pes = head ?? (tail ? firstPes(tsPackets(tail), audioPid) : undefined);
    if (!pes) missing.push('audio-pes');
    else {
      if (head?.pts !== undefined) firstPts.audio = head.pts;
      if (type === StreamType.adtsAac) {
        const adts = readAdts(pes.es);
        if (adts) audio = adts;
        else missing.push('adts');
      }
    }
    sig.audio = audio;
  }
  if (firstPts.video !== undefined || firstPts.audio !== undefined) sig.firstPts = firstPts;
  return sig;
}
