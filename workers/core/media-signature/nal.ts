// Splits an Annex B elementary stream (TS) or a length-prefixed sample (MP4)
// into NAL units. Bounded by config so hostile bytes cannot make it loop long.

import { signatureConfig } from './config';

export function annexBUnits(es: Uint8Array): Uint8Array[] {
  const starts: number[] = [];
  for (let i = 0; i + 2 < es.length && starts.length <= signatureConfig.maxNalUnits; i++) {
    if (es[i] === 0 && es[i + 1] === 0 && es[i + 2] === 1) {
      starts.push(i + 3);
      i += 2;
    }
  }
  return starts.map((s, k) => {
    let end = k + 1 < starts.length ? starts[k + 1] - 3 : es.length;
    while (end > s && es[end - 1] === 0) end--; // trailing zero bytes belong to the next start code
    return es.subarray(s, end);
  });
}

export function lengthPrefixedUnits(sample: Uint8Array, lengthSize: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  let i = 0;
  while (i + lengthSize <= sample.length && out.length < signatureConfig.maxNalUnits) {
    let len = 0;
    for (let k = 0; k < lengthSize; k++) len = len * 256 + sample[i + k];
    i += lengthSize;
    if (len === 0) break;
    out.push(sample.subarray(i, Math.min(i + len, sample.length)));
    i += len;
  }
  return out;
}
