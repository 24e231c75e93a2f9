// Codec names shared by the TS and MP4 readers, and the fps rounding.

import { signatureConfig, StreamType } from './config';
import type { VideoSignature } from './types';

const BY_STREAM_TYPE: Record<number, string> = {
  [StreamType.mpeg2Video]: 'mpeg2',
  [StreamType.avc]: 'avc',
  [StreamType.hevc]: 'hevc',
  [StreamType.mpeg1Audio]: 'mp3',
  [StreamType.mpeg2Audio]: 'mp3',
  [StreamType.adtsAac]: 'aac',
  [StreamType.latmAac]: 'aac-latm',
  [StreamType.ac3]: 'ac3',
  [StreamType.eac3]: 'eac3',
};

export const streamCodec = (type: number): string => BY_STREAM_TYPE[type] ?? `stream-type-${type.toString(16)}`;

const BY_FOURCC: Record<string, string> = { avc1: 'avc', avc3: 'avc', hvc1: 'hevc', hev1: 'hevc', mp4a: 'aac', 'ac-3': 'ac3', 'ec-3': 'eac3' };

export const fourccCodec = (fourcc: string): string => BY_FOURCC[fourcc] ?? fourcc.replace(/[^\x20-\x7e]/g, '?');

export function roundFps(v: VideoSignature): VideoSignature {
  if (v.fps === undefined) return v;
  const fps = Math.round(v.fps * signatureConfig.fpsDigits) / signatureConfig.fpsDigits;
  if (Number.isFinite(fps) && fps > 0) return { ...v, fps };
  const out = { ...v };
  delete out.fps;
  return out;
}
