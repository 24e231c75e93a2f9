import { describe, expect, it } from 'vitest';
import { fetchIntoCache, storable } from '../../workers/net/fetch-into-cache';

/** A response whose body reports whether it was read to the end or cancelled. */
function tracked(status: number, headers: Record<string, string> = {}) {
  const state = { read: false, cancelled: false };
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) {
        state.read = true;
        controller.close();
        return;
      }
      sent = true;
      controller.enqueue(new Uint8Array(8));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { state, response: new Response(body, { status, headers }) };
}

describe('fetchIntoCache', () => {
  it('reads a cacheable answer to its end, asked for as hls.js asks (GET, default cache, same-origin credentials)', async () => {
    const { state, response } = tracked(200, { 'Cache-Control': 'public, max-age=60' });
    let init: RequestInit | undefined;
    expect(await fetchIntoCache('https://cdn.test/a.ts', { fetch: async (_, i) => ((init = i), response) })).toBe(true);
    expect(state.read).toBe(true);
    expect(init).toMatchObject({ method: 'GET', cache: 'default', credentials: 'same-origin' });
  });

  it('drops an answer the cache may not keep, and a failed one, without reading it', async () => {
    for (const [status, headers] of [[200, { 'Cache-Control': 'private, no-store' }], [404, {}]] as const) {
      const { state, response } = tracked(status, headers);
      expect(await fetchIntoCache('https://cdn.test/a.ts', { fetch: async () => response })).toBe(false);
      expect(state).toEqual({ read: false, cancelled: true });
    }
  });

  it('never throws', async () => {
    expect(await fetchIntoCache('https://cdn.test/a.ts', { fetch: async () => Promise.reject(new TypeError('offline')) })).toBe(false);
  });

  it('tells no-store from look-alikes', () => {
    expect(storable(null)).toBe(true);
    expect(storable('public, max-age=31536000, immutable')).toBe(true);
    expect(storable('no-cache')).toBe(true);
    expect(storable('x-no-store-hint=1')).toBe(true);
    expect(storable('no-store')).toBe(false);
    expect(storable('private,NO-STORE')).toBe(false);
  });
});
