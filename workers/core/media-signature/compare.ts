// Which fields of two signatures differ: pure data for the ad decision. A field
// is compared only when both sides carry it (a partial read is not a change).

import type { MediaSignature } from './types';

export const SignatureField = {
  Container: 'container',
  VideoCodec: 'video-codec',
  AudioCodec: 'audio-codec',
  Resolution: 'resolution',
  Profile: 'profile',
  Level: 'level',
  Fps: 'fps',
  SampleRate: 'sample-rate',
  Channels: 'channels',
  AudioObjectType: 'audio-object-type',
  Encoder: 'encoder',
  EncoderOptions: 'encoder-options',
  PidLayout: 'pid-layout',
  Tracks: 'tracks',
} as const;
export type SignatureField = (typeof SignatureField)[keyof typeof SignatureField];

export interface SignatureDiff {
  field: SignatureField;
  film: string | number;
  block: string | number;
}

type Value = string | number | undefined;

export function compareSignatures(film: MediaSignature, block: MediaSignature): SignatureDiff[] {
  const size = (s: MediaSignature): Value => (s.video?.width && s.video.height ? `${s.video.width}x${s.video.height}` : undefined);
  const pairs: [SignatureField, Value, Value][] = [
    [SignatureField.Container, film.container, block.container],
    [SignatureField.VideoCodec, film.video?.codec, block.video?.codec],
    [SignatureField.AudioCodec, film.audio?.codec, block.audio?.codec],
    [SignatureField.Resolution, size(film), size(block)],
    [SignatureField.Profile, film.video?.profile, block.video?.profile],
    [SignatureField.Level, film.video?.level, block.video?.level],
    [SignatureField.Fps, film.video?.fps, block.video?.fps],
    [SignatureField.SampleRate, film.audio?.sampleRate, block.audio?.sampleRate],
    [SignatureField.Channels, film.audio?.channels, block.audio?.channels],
    [SignatureField.AudioObjectType, film.audio?.objectType, block.audio?.objectType],
    [SignatureField.Encoder, film.encoder, block.encoder],
    [SignatureField.EncoderOptions, film.encoderOptions, block.encoderOptions],
    [SignatureField.PidLayout, film.pids?.streams, block.pids?.streams],
    [SignatureField.Tracks, film.tracks, block.tracks],
  ];
  const out: SignatureDiff[] = [];
  for (const [field, a, b] of pairs) if (a !== undefined && b !== undefined && a !== b) out.push({ field, film: a, block: b });
  return out;
}
