// The media signature of a segment: what its first bytes say about the encode.

export const SignatureErrorCode = {
  Empty: 'empty',
  UnknownContainer: 'unknown-container',
  Unreadable: 'unreadable',
} as const;
export type SignatureErrorCode = (typeof SignatureErrorCode)[keyof typeof SignatureErrorCode];

export interface SignatureError {
  code: SignatureErrorCode;
  message: string;
  retryable: false;
}

export interface VideoSignature {
  codec: string; // 'avc' | 'hevc' | another stream type or fourcc
  profile?: number; // profile_idc
  level?: number; // 3.1 for avc level_idc 31 and for hevc general_level_idc 93
  width?: number; // after cropping (conformance window)
  height?: number;
  fps?: number; // from VUI timing when the encoder wrote it
}

export interface AudioSignature {
  codec: string; // 'aac' or another stream type or fourcc
  objectType?: number; // AAC audio object type (2 = LC)
  sampleRate?: number;
  channels?: number;
}

export interface PidLayout {
  pmt: number;
  video?: number;
  audio?: number;
  streams: string; // "pid:type" pairs in PMT order, e.g. "256:1b,257:f"
}

/** Parts the bytes did not reach or did not carry; the caller may fetch more. */
export type SignaturePart = 'pmt' | 'video-pes' | 'sps' | 'audio-pes' | 'adts' | 'init' | 'tfdt';

export interface MediaSignature {
  container: 'ts' | 'fmp4';
  video?: VideoSignature;
  audio?: AudioSignature;
  encoder?: string; // e.g. "x264 - core 164 r3095 baee400" from the SEI; only the first access unit of an encode carries it
  encoderOptions?: string;
  pids?: PidLayout; // TS only
  tracks?: string; // fMP4: "id:handler" pairs in moov order
  firstPts?: { video?: number; audio?: number }; // seconds
  missing: SignaturePart[];
}

export type SignatureResult = MediaSignature | { error: SignatureError };
