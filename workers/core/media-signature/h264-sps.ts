// H.264 SPS (ISO 14496-10 7.3.2.1.1 and E.1.1), as far as the VUI timing.
// Hand-written: mux.js reads an SPS only inside its H264Stream (not exported),
// stops before the VUI timing, and ignores chroma format in the crop units.

import { BitReader, unescapeRbsp } from './bits';
import type { VideoSignature } from './types';

const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

function skipScalingList(r: BitReader, size: number): void {
  let last = 8;
  let next = 8;
  for (let j = 0; j < size && !r.overrun; j++) {
    if (next !== 0) next = (last + r.se() + 256) % 256;
    last = next === 0 ? last : next;
  }
}

/** `nal` starts at the NAL header byte. */
export function readAvcSps(nal: Uint8Array): VideoSignature {
  const r = new BitReader(unescapeRbsp(nal.subarray(1)));
  const profile = r.bits(8);
  r.skip(8); // constraint flags
  const levelIdc = r.bits(8);
  const head: VideoSignature = { codec: 'avc', profile, level: levelIdc / 10 };
  r.ue(); // seq_parameter_set_id
  let chroma = 1;
  let separatePlanes = 0;
  if (HIGH_PROFILES.has(profile)) {
    chroma = r.ue();
    if (chroma === 3) separatePlanes = r.bit();
    r.ue(); // bit_depth_luma_minus8
    r.ue(); // bit_depth_chroma_minus8
    r.skip(1); // qpprime_y_zero_transform_bypass_flag
    if (r.bit()) for (let i = 0; i < (chroma === 3 ? 12 : 8); i++) if (r.bit()) skipScalingList(r, i < 6 ? 16 : 64);
  }
  r.ue(); // log2_max_frame_num_minus4
  const pocType = r.ue();
  if (pocType === 0) r.ue();
  else if (pocType === 1) {
    r.skip(1);
    r.se();
    r.se();
    const n = r.ue();
    for (let i = 0; i < n && !r.overrun; i++) r.se();
  }
  r.ue(); // max_num_ref_frames
  r.skip(1); // gaps_in_frame_num_value_allowed_flag
  const widthMbs = r.ue() + 1;
  const heightMapUnits = r.ue() + 1;
  const frameMbsOnly = r.bit();
  if (!frameMbsOnly) r.skip(1);
  r.skip(1); // direct_8x8_inference_flag
  const crop = r.bit() ? [r.ue(), r.ue(), r.ue(), r.ue()] : [0, 0, 0, 0];
  if (r.overrun) return head;
  const arrayType = separatePlanes ? 0 : chroma;
  const cropX = arrayType === 0 || arrayType === 3 ? 1 : 2;
  const cropY = (arrayType === 1 ? 2 : 1) * (2 - frameMbsOnly);
  const sized: VideoSignature = {
    ...head,
    width: widthMbs * 16 - cropX * (crop[0] + crop[1]),
    height: (2 - frameMbsOnly) * heightMapUnits * 16 - cropY * (crop[2] + crop[3]),
  };
  const fps = readVuiFps(r);
  return fps === undefined ? sized : { ...sized, fps };
}

function readVuiFps(r: BitReader): number | undefined {
  if (!r.bit()) return undefined; // vui_parameters_present_flag
  if (r.bit() && r.bits(8) === 255) r.skip(32); // aspect ratio, extended SAR
  if (r.bit()) r.skip(1); // overscan
  if (r.bit()) {
    r.skip(4); // video_format, video_full_range_flag
    if (r.bit()) r.skip(24); // colour description
  }
  if (r.bit()) {
    r.ue();
    r.ue(); // chroma sample locations
  }
  if (!r.bit()) return undefined; // timing_info_present_flag
  const unitsInTick = r.bits(32);
  const timeScale = r.bits(32);
  if (r.overrun || unitsInTick === 0 || timeScale === 0) return undefined;
  return timeScale / (2 * unitsInTick); // a frame is two field ticks (E.2.1)
}
