// HEVC SPS (ITU-T H.265 7.3.2.2) up to the conformance window: profile, level
// and the displayed size. mux.js has no HEVC reader. The frame rate sits in the
// VUI behind the reference picture sets, which this does not walk: an HEVC
// signature carries no fps.

import { BitReader, unescapeRbsp } from './bits';
import type { VideoSignature } from './types';

/** `nal` starts at the 2-byte NAL header. */
export function readHevcSps(nal: Uint8Array): VideoSignature {
  const r = new BitReader(unescapeRbsp(nal.subarray(2)));
  r.skip(4); // sps_video_parameter_set_id
  const subLayers = r.bits(3); // sps_max_sub_layers_minus1
  r.skip(1); // sps_temporal_id_nesting_flag
  r.skip(3); // general_profile_space, general_tier_flag
  const profile = r.bits(5);
  r.skip(32 + 48); // compatibility flags, constraint flags
  const levelIdc = r.bits(8);
  const head: VideoSignature = { codec: 'hevc', profile, level: levelIdc / 30 };
  const present: [number, number][] = [];
  for (let i = 0; i < subLayers; i++) present.push([r.bit(), r.bit()]);
  if (subLayers > 0) r.skip(2 * (8 - subLayers));
  for (const [profilePresent, levelPresent] of present) r.skip(profilePresent * 88 + levelPresent * 8);
  r.ue(); // sps_seq_parameter_set_id
  const chroma = r.ue();
  const separatePlanes = chroma === 3 ? r.bit() : 0;
  const width = r.ue();
  const height = r.ue();
  const window = r.bit() ? [r.ue(), r.ue(), r.ue(), r.ue()] : [0, 0, 0, 0];
  if (r.overrun) return head;
  const arrayType = separatePlanes ? 0 : chroma;
  const subW = arrayType === 1 || arrayType === 2 ? 2 : 1;
  const subH = arrayType === 1 ? 2 : 1;
  return { ...head, width: width - subW * (window[0] + window[1]), height: height - subH * (window[2] + window[3]) };
}
