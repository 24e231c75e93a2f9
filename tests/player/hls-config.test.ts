import { describe, expect, it } from 'vitest';
import { buildHlsConfig } from '../../src/player/hls-config';

const MB = 1000 * 1000;

describe('hls.js config per mode and memory class', () => {
  it('short clips: quick-start buffers (8/16 s), 30 MB, 5 s back buffer, 10 s fragment limit', () => {
    const c = buildHlsConfig({ mode: 'clip', memory: 'normal', workerPath: null });
    expect(c).toMatchObject({ maxBufferLength: 8, maxMaxBufferLength: 16, maxBufferSize: 30 * MB, backBufferLength: 5 });
    expect(c.fragLoadPolicy?.default).toMatchObject({ maxTimeToFirstByteMs: 10_000, maxLoadTimeMs: 10_000 });
    expect(c.manifestLoadPolicy?.default.errorRetry?.maxNumRetry).toBe(4);
  });

  it('full, modal and play page use their buffer profiles and the pool time limits', () => {
    const full = buildHlsConfig({ mode: 'full', memory: 'normal', workerPath: null });
    expect(full).toMatchObject({ maxBufferLength: 60, backBufferLength: 120 });
    expect(full.fragLoadPolicy?.default.maxTimeToFirstByteMs).toBe(20_000);
    expect(full.manifestLoadPolicy?.default).toMatchObject({ maxTimeToFirstByteMs: 15_000, errorRetry: { maxNumRetry: 3, retryDelayMs: 1000, maxRetryDelayMs: 5000 } });
    expect(buildHlsConfig({ mode: 'modal', memory: 'normal', workerPath: null })).toMatchObject({ maxBufferLength: 45, maxBufferSize: 90 * MB });
    expect(buildHlsConfig({ mode: 'play-page', memory: 'normal', workerPath: null })).toMatchObject({ maxBufferLength: 60, maxBufferSize: 120 * MB });
  });

  it('low memory (< 3 GB) uses 8 s / 15 MB in every mode', () => {
    for (const mode of ['clip', 'full', 'modal', 'play-page'] as const) {
      expect(buildHlsConfig({ mode, memory: 'low', workerPath: null })).toMatchObject({ maxBufferLength: 8, maxBufferSize: 15 * MB });
    }
  });

  it('fragment and key retries are left to the recovery table; never a bandwidth-test download', () => {
    const c = buildHlsConfig({ mode: 'clip', memory: 'normal', workerPath: null });
    expect(c.fragLoadPolicy?.default).toMatchObject({ errorRetry: null, timeoutRetry: null });
    expect(c.keyLoadPolicy?.default).toMatchObject({ errorRetry: null, timeoutRetry: null, maxTimeToFirstByteMs: 15_000 });
    expect(c).toMatchObject({ testBandwidth: false, startFragPrefetch: true, autoStartLoad: true });
  });

  it("transmuxes in hls.js's own inline worker by default; a workerPath is passed on; null means main thread", () => {
    const def = buildHlsConfig({ mode: 'clip', memory: 'normal' });
    expect(def.enableWorker).toBe(true);
    expect(def).not.toHaveProperty('workerPath');
    expect(buildHlsConfig({ mode: 'clip', memory: 'normal', workerPath: '/w/hls.worker.js' })).toMatchObject({ enableWorker: true, workerPath: '/w/hls.worker.js' });
    expect(buildHlsConfig({ mode: 'clip', memory: 'normal', workerPath: null }).enableWorker).toBe(false);
  });

  it('passes the loader and a positive bandwidth estimate through', () => {
    const pLoader = class {} as never;
    const c = buildHlsConfig({ mode: 'clip', memory: 'normal', workerPath: null, pLoader, bandwidthEstimate: 2e6 });
    expect(c.pLoader).toBe(pLoader);
    expect(c.abrEwmaDefaultEstimate).toBe(2e6);
    expect(buildHlsConfig({ mode: 'clip', memory: 'normal', workerPath: null, bandwidthEstimate: NaN }).abrEwmaDefaultEstimate).toBeUndefined();
  });

  it("Safari's time-outs replace the mode's: playlists 12 s, segments 18 s (spec 1 §9)", () => {
    const safari = { playlistMs: 12_000, segmentMs: 18_000 };
    for (const mode of ['clip', 'full'] as const) {
      const c = buildHlsConfig({ mode, memory: 'normal', workerPath: null, safariTimeouts: safari });
      expect(c.fragLoadPolicy?.default).toMatchObject({ maxTimeToFirstByteMs: 18_000, maxLoadTimeMs: 18_000 });
      expect(c.manifestLoadPolicy?.default).toMatchObject({ maxTimeToFirstByteMs: 12_000, maxLoadTimeMs: 12_000 });
      expect(c.playlistLoadPolicy?.default.maxLoadTimeMs).toBe(12_000);
    }
  });
});
