// A signature reader over a caller's Range fetch, held to a budget of
// requests and bytes: the segment's head, its tail only when the head missed
// the audio of a larger TS segment, and the init segment once per URL.

import { readMediaSignature } from '../media-signature/index';
import { probeConfig } from './config';
import type { ProbeCost, ProbeError, ProbeRead, ProbeTarget, RangeAnswer, RangeAsk, RangeFetcher, SignatureReader } from './types';

export interface Budget {
  maxRequests: number;
  maxBytes: number;
}

export interface BudgetedReader {
  read: SignatureReader;
  /** Requests and bytes spent so far (ms is the caller's). */
  spent: Omit<ProbeCost, 'ms'>;
}

const overBudget: ProbeError = { code: 'budget', message: 'The probe budget of this playlist is spent.', retryable: false };

/** `length@offset` -> numbers; undefined when absent or malformed. */
function parseByteRange(text: string | undefined): { length: number; offset: number } | undefined {
  const m = /^(\d+)(?:@(\d+))?$/.exec(text ?? '');
  return m ? { length: Number(m[1]), offset: Number(m[2] ?? 0) } : undefined;
}

export function budgetedReader(fetchRange: RangeFetcher, budget: Budget = probeConfig): BudgetedReader {
  const spent = { requests: 0, bytes: 0 };
  const inits = new Map<string, Promise<RangeAnswer>>();

  const get = async (url: string, ask: RangeAsk, signal: AbortSignal): Promise<RangeAnswer> => {
    if (spent.requests >= budget.maxRequests || spent.bytes >= budget.maxBytes) return { ok: false, error: overBudget };
    spent.requests++;
    const answer = await fetchRange(url, ask, signal);
    if (answer.ok) spent.bytes += answer.bytes.length;
    return answer;
  };

  const initOf = (target: ProbeTarget, signal: AbortSignal): Promise<RangeAnswer> | undefined => {
    if (!target.mapUrl) return undefined;
    const key = `${target.mapUrl}#${target.mapByteRange ?? ''}`;
    let init = inits.get(key);
    if (!init) {
      const r = parseByteRange(target.mapByteRange);
      // An init segment is small (a moov of a few kB); the head budget bounds a hostile one.
      init = get(target.mapUrl, r ? { offset: r.offset, length: Math.min(r.length, budget.maxBytes) } : { offset: 0, length: probeConfig.headBytes }, signal);
      inits.set(key, init);
    }
    return init;
  };

  const read: SignatureReader = async (target, signal) => {
    const range = parseByteRange(target.byteRange);
    const headLength = Math.min(range?.length ?? Infinity, probeConfig.headBytes);
    const [head, init] = await Promise.all([get(target.url, { offset: range?.offset ?? 0, length: headLength }, signal), initOf(target, signal)]);
    if (!head.ok) return head;
    if (init && !init.ok) return init;
    let signature = readMediaSignature({ bytes: head.bytes, init: init?.ok ? init.bytes : undefined });
    if ('error' in signature) return { ok: false, error: signature.error };
    const size = range?.length ?? head.total;
    const audioMissing = signature.container === 'ts' && (signature.missing.includes('adts') || signature.missing.includes('audio-pes'));
    if (audioMissing && size !== undefined && size > head.bytes.length) {
      const tailLength = Math.min(probeConfig.tailBytes, size - head.bytes.length);
      const tail = await get(target.url, range ? { offset: range.offset + range.length - tailLength, length: tailLength } : { suffix: tailLength }, signal);
      if (tail.ok) {
        const withTail = readMediaSignature({ bytes: head.bytes, tail: tail.bytes });
        if (!('error' in withTail)) signature = withTail;
      }
    }
    return { ok: true, signature } satisfies ProbeRead;
  };

  return { read, spent };
}
