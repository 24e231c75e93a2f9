// The network manager's three slots (spec 1 §9) on the page's one fetch helper.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../src/api/http';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the page fetch helper: 3 concurrent requests (spec 1 §9)', () => {
  it('sends at most three at once; the next goes when one answers', async () => {
    const pending: (() => void)[] = [];
    const sent: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      sent.push(url);
      return new Promise<Response>((resolve) => pending.push(() => resolve(new Response('{}', { status: 200 }))));
    });
    const calls = [1, 2, 3, 4, 5].map((n) => request(`http://x/${n}`, { timeoutMs: 60_000 }));
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual(['http://x/1', 'http://x/2', 'http://x/3']);
    pending[0]();
    await calls[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toHaveLength(4);
    for (const answer of pending.slice(1)) answer();
    await new Promise((r) => setTimeout(r, 0));
    pending[4]?.();
    const results = await Promise.all(calls);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(sent).toHaveLength(5);
  });

  it('a call that times out or is cancelled while waiting is never sent, and frees nothing it did not hold', async () => {
    vi.useFakeTimers();
    const pending: (() => void)[] = [];
    const sent: string[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      sent.push(url);
      return new Promise<Response>((resolve, reject) => {
        pending.push(() => resolve(new Response('{}', { status: 200 })));
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    const busy = [1, 2, 3].map((n) => request(`http://x/busy${n}`, { timeoutMs: 60_000 }));
    const late = request('http://x/late', { timeoutMs: 1_000 });
    const cancel = new AbortController();
    const cancelled = request('http://x/cancelled', { timeoutMs: 60_000, signal: cancel.signal });
    await vi.advanceTimersByTimeAsync(1_000);
    cancel.abort();
    const [lateResult, cancelledResult] = await Promise.all([late, cancelled]);
    expect(lateResult.ok === false && lateResult.error.code).toBe('TIMEOUT');
    expect(cancelledResult.ok === false && cancelledResult.error.code).toBe('ABORTED');
    expect(sent).toEqual(['http://x/busy1', 'http://x/busy2', 'http://x/busy3']);
    for (const answer of pending) answer();
    expect((await Promise.all(busy)).every((r) => r.ok)).toBe(true);
    // All slots are free again: three new calls go out at once.
    const again = [1, 2, 3].map((n) => request(`http://x/again${n}`, { timeoutMs: 60_000 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.slice(3)).toEqual(['http://x/again1', 'http://x/again2', 'http://x/again3']);
    for (const answer of pending.slice(3)) answer();
    await Promise.all(again);
  });
});
