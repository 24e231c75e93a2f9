import { afterEach, describe, expect, it, vi } from 'vitest';
import { createShortVideoClient } from '../../src/api/short-videos';

afterEach(() => vi.unstubAllGlobals());

describe('short-clip lookups by video id', () => {
  it('shares one request between callers asking for the same id at once, then answers from the cache', async () => {
    let requests = 0;
    vi.stubGlobal('fetch', async () => {
      requests++;
      await new Promise((r) => setTimeout(r, 5));
      return new Response(JSON.stringify({ success: true, total: 1, total_pages: 1, page_size: 1, data: [{ id: 3, original_id: 7, title: 'c', m3u8_url: 'http://x/3.m3u8', created_at: '2026-01-01' }] }));
    });
    const client = createShortVideoClient({ baseUrl: 'http://x' });
    const [a, b] = await Promise.all([client.clipForVideo(7), client.clipForVideo(7)]);
    expect(requests).toBe(1);
    expect(a).toEqual(b);
    expect(a.ok && a.value?.m3u8_url).toBe('http://x/3.m3u8');
    await client.clipForVideo(7);
    expect(requests).toBe(1);
    await client.clipForVideo(8);
    expect(requests).toBe(2);
  });
});
