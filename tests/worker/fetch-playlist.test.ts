import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchConfig } from '../../workers/core/config';
import { fetchPlaylist } from '../../workers/net/fetch-playlist';
import { startPlaylistServer, type PlaylistServer } from './helpers/playlist-server';

let server: PlaylistServer;
const short = { fastMs: 200, fallbackMs: 400 };

beforeAll(async () => {
  server = await startPlaylistServer();
});
afterAll(() => server.close());

describe('fetchPlaylist', () => {
  it('returns the text and URL, with the playlist Accept header and no cache-busting on the fast attempt', async () => {
    const result = await fetchPlaylist(server.url('/master.m3u8'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.text).toContain('#EXT-X-STREAM-INF');
    expect(result.value.url).toBe(server.url('/master.m3u8'));
    const headers = server.headers.get('/master.m3u8');
    expect(headers?.accept).toBe(fetchConfig.playlistAccept);
    expect(headers?.cookie).toBeUndefined();
    expect(headers?.['cache-control']).toBeUndefined();
  });

  it('reports the final URL after a redirect', async () => {
    const result = await fetchPlaylist(server.url('/redirect.m3u8'));
    expect(result.ok && result.value.url).toBe(server.url('/v720/index.m3u8'));
  });

  it('returns HTTP 404 as data, not retried', async () => {
    const before = server.hits.get('/404.m3u8') ?? 0;
    const result = await fetchPlaylist(server.url('/404.m3u8'));
    expect(result).toEqual({ ok: false, error: { code: 'HTTP_ERROR', message: 'HTTP 404', retryable: false, status: 404 } });
    expect(server.hits.get('/404.m3u8')).toBe(before + 1);
  });

  it('retries a 500 once with the no-store fallback and reports it retryable', async () => {
    const before = server.hits.get('/500.m3u8') ?? 0;
    const result = await fetchPlaylist(server.url('/500.m3u8'));
    expect(result).toEqual({ ok: false, error: { code: 'HTTP_ERROR', message: 'HTTP 500', retryable: true, status: 500 } });
    expect(server.hits.get('/500.m3u8')).toBe(before + 2);
    expect(server.headers.get('/500.m3u8')?.['cache-control']).toBe('no-cache');
  });

  it('treats 429 as retryable', async () => {
    const result = await fetchPlaylist(server.url('/429.m3u8'));
    expect(!result.ok && result.error).toMatchObject({ code: 'HTTP_ERROR', message: 'HTTP 429', retryable: true });
  });

  it('recovers from a failing fast attempt through the fallback', async () => {
    const result = await fetchPlaylist(server.url('/flaky.m3u8'));
    expect(result.ok).toBe(true);
  });

  it('falls back after a fast-attempt timeout', async () => {
    const started = Date.now();
    const result = await fetchPlaylist(server.url('/hang-once.m3u8'), { timeouts: short });
    expect(result.ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(short.fastMs - 20);
    expect(server.hits.get('/hang-once.m3u8')).toBe(2);
  });

  it('times out on both attempts with TIMEOUT', async () => {
    const started = Date.now();
    const result = await fetchPlaylist(server.url('/slow.m3u8'), { timeouts: short });
    expect(!result.ok && result.error).toMatchObject({ code: 'TIMEOUT', retryable: true });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(short.fastMs + short.fallbackMs - 50);
    expect(elapsed).toBeLessThan(5000);
  });

  it('returns NETWORK_ERROR when nothing listens', async () => {
    const result = await fetchPlaylist('http://127.0.0.1:9/none.m3u8', { timeouts: short });
    expect(!result.ok && result.error.code).toBe('NETWORK_ERROR');
  });

  it('returns ABORTED on cancellation without a fallback attempt', async () => {
    const controller = new AbortController();
    const before = server.hits.get('/slow.m3u8') ?? 0;
    const pending = fetchPlaylist(server.url('/slow.m3u8'), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const result = await pending;
    expect(result).toEqual({ ok: false, error: { code: 'ABORTED', message: expect.any(String), retryable: false } });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(server.hits.get('/slow.m3u8')).toBe(before + 1);
  });

  it('returns ABORTED at once for an already aborted signal', async () => {
    const result = await fetchPlaylist(server.url('/master.m3u8'), { signal: AbortSignal.abort() });
    expect(!result.ok && result.error.code).toBe('ABORTED');
  });

  it('never throws, even when the fetch implementation does', async () => {
    const result = await fetchPlaylist('x', {
      fetch: () => {
        throw new TypeError('boom');
      },
    });
    expect(!result.ok && result.error).toMatchObject({ code: 'NETWORK_ERROR', message: 'Network error: boom' });
  });
});
