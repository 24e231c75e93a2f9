// The worker's Range fetch for the media probe: CORS, a few kB at most, and an
// origin that refuses once is remembered (found out by trying): for good when
// the refusal is certain, for a while when a read threw.

import { describe, expect, it } from 'vitest';
import { corsRangeReader } from '../../workers/engine/range-read';
import { mediaProbeConfig } from '../../workers/engine/config';

const signal = new AbortController().signal;

function recording(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const clock = { now: 1_000_000 };
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer(url, init);
  };
  return { calls, clock, reader: corsRangeReader(fetch, () => clock.now) };
}

describe('corsRangeReader', () => {
  it('asks a CORS Range and reads no more than asked, with the size from Content-Range', async () => {
    const { calls, reader } = recording(() => new Response(new Uint8Array(64 * 1024), { status: 206, headers: { 'content-range': 'bytes 0-16383/900000' } }));
    const r = await reader.fetchRange('https://cdn.test/a/s1.ts', { offset: 0, length: 16_384 }, signal);
    expect(r.ok && r.bytes.length).toBe(16_384);
    expect(r.ok && r.total).toBe(900_000);
    expect(calls[0].init).toMatchObject({ headers: { Range: 'bytes=0-16383' }, mode: 'cors', credentials: 'omit' });
    const tail = await reader.fetchRange('https://cdn.test/a/s1.ts', { suffix: 8192 }, signal);
    expect(tail.ok).toBe(true);
    expect(calls[1].init.headers).toEqual({ Range: 'bytes=-8192' });
  });

  it('a server ignoring Range (200) or an opaque answer marks its origin for good: no further request there, other origins still read', async () => {
    const { calls, clock, reader } = recording((url) => {
      if (url.includes('plain.test')) return new Response('whole segment', { status: 200 });
      if (url.includes('opaque.test')) return Object.defineProperty(new Response(null, { status: 206 }), 'type', { value: 'opaque' });
      return new Response(new Uint8Array(10), { status: 206 });
    });
    const first = await reader.fetchRange('https://plain.test/s1.ts', { offset: 0, length: 100 }, signal);
    expect(!first.ok && first.error.code).toBe('fetch');
    expect(reader.allowed('https://plain.test/s2.ts')).toBe(false);
    await reader.fetchRange('https://plain.test/s2.ts', { offset: 0, length: 100 }, signal);
    expect(calls.map((c) => c.url)).toEqual(['https://plain.test/s1.ts']);
    expect((await reader.fetchRange('https://opaque.test/s1.ts', { offset: 0, length: 100 }, signal)).ok).toBe(false);
    clock.now += 100 * mediaProbeConfig.failedOriginHoldMs; // certain refusals do not wear off
    expect(reader.allowed('https://plain.test/s2.ts')).toBe(false);
    expect(reader.allowed('https://opaque.test/s2.ts')).toBe(false);
    expect(reader.allowed('https://cdn.test/s1.ts')).toBe(true);
    expect((await reader.fetchRange('https://cdn.test/s1.ts', { offset: 0, length: 100 }, signal)).ok).toBe(true);
  });

  it('a read that throws (CORS refusal or network failure, alike) rests its origin for failedOriginHoldMs, then it is read again; an HTTP error marks nothing', async () => {
    let down = true;
    const { calls, clock, reader } = recording((url) => {
      if (down && url.includes('flaky.test')) throw new TypeError('Failed to fetch');
      if (url.includes('gone')) return new Response('', { status: 404 });
      return new Response(new Uint8Array(10), { status: 206 });
    });
    const failed = await reader.fetchRange('https://flaky.test/s.ts', { offset: 0, length: 10 }, signal);
    expect(!failed.ok && failed.error).toMatchObject({ code: 'fetch', retryable: true });
    expect(reader.allowed('https://flaky.test/other.ts')).toBe(false);
    down = false;
    expect((await reader.fetchRange('https://flaky.test/other.ts', { offset: 0, length: 10 }, signal)).ok).toBe(false);
    expect(calls).toHaveLength(1); // resting: not asked
    clock.now += mediaProbeConfig.failedOriginHoldMs - 1;
    expect(reader.allowed('https://flaky.test/other.ts')).toBe(false);
    clock.now += 1;
    expect(reader.allowed('https://flaky.test/other.ts')).toBe(true);
    expect((await reader.fetchRange('https://flaky.test/other.ts', { offset: 0, length: 10 }, signal)).ok).toBe(true);

    const missing = await reader.fetchRange('https://cdn.test/gone.ts', { offset: 0, length: 10 }, signal);
    expect(!missing.ok && missing.error.message).toContain('404');
    expect(reader.allowed('https://cdn.test/s.ts')).toBe(true);
  });

  it('a cancelled read is "aborted" and marks nothing', async () => {
    const controller = new AbortController();
    const { reader } = recording(() => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const r = await reader.fetchRange('https://cdn.test/s.ts', { offset: 0, length: 10 }, controller.signal);
    expect(!r.ok && r.error.code).toBe('aborted');
    expect(reader.allowed('https://cdn.test/s.ts')).toBe(true);
  });
});
