// What the first access unit's NAL units say: the SPS and the encoder SEI.

import { readAvcSps } from './h264-sps';
import { readHevcSps } from './hevc-sps';
import { encoderFromSei, type EncoderInfo } from './sei';
import type { VideoSignature } from './types';

const AVC_SEI = 6;
const AVC_SPS = 7;
const HEVC_SPS = 33;
const HEVC_PREFIX_SEI = 39;

export interface AccessUnitInfo {
  sps?: VideoSignature;
  encoder?: EncoderInfo;
}

export function readAccessUnit(units: readonly Uint8Array[], codec: 'avc' | 'hevc'): AccessUnitInfo {
  const out: AccessUnitInfo = {};
  for (const nal of units) {
    if (nal.length < 2) continue;
    const type = codec === 'avc' ? nal[0] & 0x1f : (nal[0] >> 1) & 0x3f;
    if (!out.sps && type === (codec === 'avc' ? AVC_SPS : HEVC_SPS)) {
      out.sps = codec === 'avc' ? readAvcSps(nal) : readHevcSps(nal);
    } else if (!out.encoder && type === (codec === 'avc' ? AVC_SEI : HEVC_PREFIX_SEI)) {
      out.encoder = encoderFromSei(nal.subarray(codec === 'avc' ? 1 : 2));
    }
  }
  return out;
}
