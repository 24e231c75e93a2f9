// The playlist fetch's address repair (spec 3 §8 rows HTTP_404 and
// ERR_CONTENT_DECODING_FAILED) against a fetch that knows a few addresses:
// which addresses are asked for, in which order, and what comes back.

import { describe, expect, it } from 'vitest';
import { fetchPlaylistRepaired } from '../../workers/net/fetch-repaired';
import { loadMediaPlaylist } from '../../workers/engine/prepare';

const PLAYLIST = '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\ns0.ts\n#EXT-X-ENDLIST\n';
const timeouts = { fastMs: 200, fallbackMs: 200 };

/** A fetch answering `live` addresses with a playlist, `broken` ones with a network failure, the rest with 404. */
function origin(live: string[], broken: string[] = []) {
  const asked: string[] = [];
  const fetch = async (url: string) => {
    asked.push(url);
    if (broken.includes(url)) throw new TypeError('Failed to fetch');
    if (!live.includes(url)) return new Response('', { status: 404 });
    const response = new Response(PLAYLIST, { status: 200 });
    Object.defineProperty(response, 'url', { value: url });
    return response;
  };
  return { fetch, asked };
}

describe('fetchPlaylistRepaired', () => {
  it('a 404 is retried with the decoded, re-encoded address, which answers', async () => {
    const { fetch, asked } = origin(['https://cdn.example/v/%E7%89%87/x.m3u8']);
    const result = await fetchPlaylistRepaired('https://cdn.example/v/%25E7%2589%2587/x.m3u8', { fetch, timeouts });
    expect(result.ok && result.value.url).toBe('https://cdn.example/v/%E7%89%87/x.m3u8');
    expect(asked).toEqual(['https://cdn.example/v/%25E7%2589%2587/x.m3u8', 'https://cdn.example/v/%E7%89%87/x.m3u8']);
  });

  it('then the path simplified to index.m3u8', async () => {
    const { fetch, asked } = origin(['https://cdn.example/v/index.m3u8']);
    const result = await fetchPlaylistRepaired('https://cdn.example/v/play list.m3u8', { fetch, timeouts });
    expect(result.ok && result.value.url).toBe('https://cdn.example/v/index.m3u8');
    expect(asked).toEqual(['https://cdn.example/v/play list.m3u8', 'https://cdn.example/v/play%20list.m3u8', 'https://cdn.example/v/index.m3u8']);
  });

  it('when no repaired address answers, the first failure is the answer', async () => {
    const { fetch, asked } = origin([]);
    const result = await fetchPlaylistRepaired('https://cdn.example/v/x.m3u8', { fetch, timeouts });
    expect(result).toEqual({ ok: false, error: { code: 'HTTP_ERROR', message: 'HTTP 404', retryable: false, status: 404 } });
    expect(asked).toEqual(['https://cdn.example/v/x.m3u8', 'https://cdn.example/v/index.m3u8']);
  });

  it('a network failure (a content-decoding failure looks like one) is retried with the re-cleaned address', async () => {
    const bad = 'https://cdn.example/v/"x".m3u8';
    const { fetch, asked } = origin(['https://cdn.example/v/%22x%22.m3u8'], [bad]);
    const result = await fetchPlaylistRepaired(bad, { fetch, timeouts });
    expect(result.ok).toBe(true);
    // The fast attempt and the looser fallback of the original, then the cleaned address.
    expect(asked).toEqual([bad, bad, 'https://cdn.example/v/%22x%22.m3u8']);
  });

  it('other failures are not retried elsewhere: a server error, or a clean address that fails on the network', async () => {
    const five = async (url: string) => (url.endsWith('x.m3u8') ? new Response('', { status: 500 }) : new Response(PLAYLIST));
    const served: string[] = [];
    const result = await fetchPlaylistRepaired('https://cdn.example/v/x.m3u8', { fetch: async (u) => (served.push(u), five(u)), timeouts });
    expect(!result.ok && result.error.status).toBe(500);
    expect(served.every((u) => u === 'https://cdn.example/v/x.m3u8')).toBe(true);
    const { fetch, asked } = origin([], ['https://cdn.example/v/x.m3u8']);
    await fetchPlaylistRepaired('https://cdn.example/v/x.m3u8', { fetch, timeouts });
    expect(new Set(asked)).toEqual(new Set(['https://cdn.example/v/x.m3u8']));
  });

  it('the engine loads through it: a media playlist behind a 404 address is found and its segments resolve against the address that answered', async () => {
    const { fetch } = origin(['https://cdn.example/v/index.m3u8']);
    const result = await loadMediaPlaylist('https://cdn.example/v/movie.m3u8', 'fast', { fetch, timeouts });
    expect(result.ok && result.value.playlist.url).toBe('https://cdn.example/v/index.m3u8');
    expect(result.ok && result.value.playlist.segments.map((s) => s.url)).toEqual(['https://cdn.example/v/s0.ts']);
  });
});
