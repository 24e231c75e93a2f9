import { describe, expect, it } from 'vitest';
import { expectCleanClip } from './helpers/clip-assertions';
import { useEngineWorker } from './helpers/engine-worker';

const engine = useEngineWorker();

describe('engine worker (Comlink, real fetch over loopback)', () => {
  it('answers ping', async () => {
    expect(await engine.api.ping()).toBe('pong');
  });

  it.each([
    ['fast', 'v1080', 1080],
    ['medium', 'v720', 720],
    ['slow', 'v360', 360],
  ] as const)('prepareClip on a %s network picks %s and returns a clean clip', async (network, dir, height) => {
    const result = await engine.api.prepareClip({ url: engine.server.url('/master.m3u8'), id: 1 }, { network, seed: 11 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.url).toBe(engine.server.url(`/${dir}/index.m3u8`));
    expect(result.value.variant?.height).toBe(height);
    expectCleanClip(result.value, engine.server.origin, dir);
  });

  it('prepareFull returns the clean full playlist without ads', async () => {
    const result = await engine.api.prepareFull(engine.server.url('/v720/index.m3u8'), { network: 'fast' });
    expect(result.ok && typeof result.value.fullPlaylist).toBe('string');
    expect(result.ok && result.value.fullPlaylist).not.toContain('/ads/');
  });

  it('returns HTTP 404 as error data, not a thrown error', async () => {
    const result = await engine.api.prepareClip({ url: engine.server.url('/404.m3u8') }, { network: 'fast' });
    expect(result).toEqual({ ok: false, error: { code: 'HTTP_ERROR', message: 'HTTP 404', retryable: false, status: 404 } });
  });

  it('returns HTTP 500 as retryable error data', async () => {
    const result = await engine.api.prepareClip({ url: engine.server.url('/500.m3u8') }, { network: 'fast' });
    expect(!result.ok && result.error).toMatchObject({ code: 'HTTP_ERROR', message: 'HTTP 500', retryable: true });
  });

  it('returns TIMEOUT when the server never answers (short injected timeouts)', async () => {
    const started = Date.now();
    const result = await engine.api.prepareClip({ url: engine.server.url('/slow.m3u8') }, { network: 'fast', timeouts: { fastMs: 150, fallbackMs: 250 } });
    expect(!result.ok && result.error).toMatchObject({ code: 'TIMEOUT', retryable: true });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('cancel(token) makes the call resolve with ABORTED', async () => {
    const started = Date.now();
    const pending = engine.api.prepareClip({ url: engine.server.url('/slow.m3u8') }, { network: 'fast', token: 'cancel-me' });
    await new Promise((r) => setTimeout(r, 100));
    expect(await engine.api.cancel('cancel-me')).toBe(true);
    const result = await pending;
    expect(!result.ok && result.error.code).toBe('ABORTED');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await engine.api.cancel('cancel-me')).toBe(false);
  });

  it('cancelling one caller does not abort another identical call in flight', async () => {
    const url = engine.server.url('/delayed.m3u8');
    const a = engine.api.prepareClip({ url }, { network: 'slow', seed: 5, token: 'a' });
    const b = engine.api.prepareClip({ url }, { network: 'slow', seed: 5, token: 'b' });
    await engine.api.cancel('a');
    const [ra, rb] = await Promise.all([a, b]);
    expect(!ra.ok && ra.error.code).toBe('ABORTED');
    expect(rb.ok).toBe(true);
  });
});
