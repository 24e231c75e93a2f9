// The first ADTS header (ISO 14496-3 1.A.2.2) of an AAC PES. Hand-written: mux.js
// reads only the sample rate outside its AdtsStream, and the header is 7 bytes.

import { aacSampleRates } from './config';
import type { AudioSignature } from './types';

export function readAdts(es: Uint8Array): AudioSignature | undefined {
  for (let i = 0; i + 7 <= es.length; i++) {
    if (es[i] !== 0xff || (es[i + 1] & 0xf6) !== 0xf0) continue; // syncword, layer 0
    const rate = aacSampleRates[(es[i + 2] >> 2) & 0x0f];
    const channels = ((es[i + 2] & 0x01) << 2) | (es[i + 3] >> 6);
    if (rate === undefined) continue;
    return { codec: 'aac', objectType: ((es[i + 2] >> 6) & 0x03) + 1, sampleRate: rate, channels };
  }
  return undefined;
}
