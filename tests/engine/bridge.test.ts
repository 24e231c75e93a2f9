import '@vitest/web-worker';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EngineBridge } from '../../src/worker-bridge/bridge';
import { startPlaylistServer, type PlaylistServer } from '../worker/helpers/playlist-server';
import { startRangeFileServer, type RangeFileServer } from '../support/range-file-server';

let server: PlaylistServer;
let media: RangeFileServer;

beforeAll(async () => {
  server = await startPlaylistServer();
  media = await startRangeFileServer(path.join(__dirname, '../fixtures/same-look-ads'));
});
afterAll(async () => {
  await server.close();
  await media.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('EngineBridge', () => {
  it('starts the worker lazily, prepares a clip, ends the idle worker and restarts on the next call', async () => {
    const bridge = new EngineBridge({ idleMs: 100 });
    expect(bridge.running).toBe(false);
    const first = await bridge.prepareClip({ url: server.url('/master.m3u8') }, { network: 'slow', seed: 3 });
    expect(first.ok && first.value.url).toBe(server.url('/v360/index.m3u8'));
    expect(bridge.running).toBe(true);
    await sleep(250);
    expect(bridge.running).toBe(false);
    expect(await bridge.ping()).toBe(true);
    expect(bridge.running).toBe(true);
    bridge.terminate();
  });

  it('an AbortSignal cancels the call in the worker and resolves ABORTED', async () => {
    const bridge = new EngineBridge({ idleMs: 10_000 });
    const controller = new AbortController();
    const before = server.hits.get('/slow.m3u8') ?? 0;
    const pending = bridge.prepareClip({ url: server.url('/slow.m3u8') }, { network: 'fast', signal: controller.signal });
    await sleep(100);
    controller.abort();
    const result = await pending;
    expect(!result.ok && result.error.code).toBe('ABORTED');
    // The worker gave up too: no fallback attempt follows the cancelled fast attempt.
    await sleep(200);
    expect(server.hits.get('/slow.m3u8')).toBe(before + 1);
    bridge.terminate();
  });

  it('an already aborted signal never starts the worker', async () => {
    const bridge = new EngineBridge();
    const result = await bridge.prepareClip({ url: server.url('/master.m3u8') }, { network: 'fast', signal: AbortSignal.abort() });
    expect(!result.ok && result.error.code).toBe('ABORTED');
    expect(bridge.running).toBe(false);
  });

  it('clipShown returns at once and starts no worker; with one running, the shown clip is probed there (Range reads), its preparation alone was not', async () => {
    const idle = new EngineBridge();
    expect(idle.clipShown({ url: media.origin + '/resolution-no-tags/index.m3u8' }, { network: 'fast' })).toBeUndefined();
    expect(idle.running).toBe(false);

    const bridge = new EngineBridge({ idleMs: 10_000 });
    const clip = await bridge.prepareClip({ url: media.origin + '/resolution-no-tags/index.m3u8' }, { network: 'fast', seed: 1 });
    expect(clip.ok).toBe(true);
    await sleep(300);
    expect(media.stats.requests).toBe(1); // the playlist only
    if (clip.ok) bridge.clipShown({ url: clip.value.url }, { network: 'fast' });
    await vi.waitFor(() => expect(media.stats.requests).toBeGreaterThan(1), { timeout: 10_000 });
    bridge.terminate();
  });

  it('terminate() resolves calls in flight with ABORTED', async () => {
    const bridge = new EngineBridge();
    const pending = bridge.prepareClip({ url: server.url('/slow.m3u8') }, { network: 'fast' });
    await sleep(50);
    bridge.terminate();
    const result = await pending;
    expect(!result.ok && result.error).toMatchObject({ code: 'ABORTED', retryable: true });
  });
});
