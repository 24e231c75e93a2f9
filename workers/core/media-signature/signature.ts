// The one entry: a segment's first bytes (and, for fMP4, its init segment) ->
// a signature, partial when the bytes run out, or an error for bytes that are
// no media. Never throws.

import { readFmp4Signature } from './fmp4-signature';
import { topLevelTypes } from './mp4-boxes';
import { looksLikeTs } from './ts-packets';
import { readTsSignature } from './ts-signature';
import { SignatureErrorCode, type SignatureResult } from './types';

const MP4_TYPES = new Set(['ftyp', 'styp', 'moov', 'moof', 'sidx', 'mdat', 'emsg', 'prft', 'free']);

const fail = (code: SignatureErrorCode, message: string): SignatureResult => ({ error: { code, message, retryable: false } });

export interface SignatureInput {
  bytes: Uint8Array; // the segment's first bytes (a Range of signatureConfig.probeBytes)
  init?: Uint8Array; // the EXT-X-MAP init segment of an fMP4 stream
  tail?: Uint8Array; // TS: the segment's last bytes, where the audio a short head misses is found
}

function isMp4(bytes: Uint8Array): boolean {
  const types = topLevelTypes(bytes);
  return types.length > 0 && MP4_TYPES.has(types[0]);
}

export function readMediaSignature(input: SignatureInput): SignatureResult {
  const { bytes, init, tail } = input;
  try {
    if (bytes.length === 0 && !init) return fail(SignatureErrorCode.Empty, 'no bytes');
    if (looksLikeTs(bytes)) return readTsSignature(bytes, tail);
    if (isMp4(bytes) || (init && isMp4(init))) return readFmp4Signature(init ?? (isMp4(bytes) ? bytes : undefined), bytes.length > 0 ? bytes : undefined);
    return fail(SignatureErrorCode.UnknownContainer, 'neither MPEG-TS packets nor MP4 boxes at the start');
  } catch (e) {
    // the readers are bounds-checked; this guards mux.js's unchecked reads on hostile bytes
    return fail(SignatureErrorCode.Unreadable, `unreadable media: ${e instanceof Error ? e.message : String(e)}`);
  }
}
