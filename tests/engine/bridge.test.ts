import '@vitest/web-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineBridge } from '../../src/worker-bridge/bridge';
import { startPlaylistServer, type PlaylistServer } from '../worker/helpers/playlist-server';

let server: PlaylistServer;

beforeAll(async () => {
  server = await startPlaylistServer();
});
afterAll(() => server.close());

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

  it('terminate() resolves calls in flight with ABORTED', async () => {
    const bridge = new EngineBridge();
    const pending = bridge.prepareClip({ url: server.url('/slow.m3u8') }, { network: 'fast' });
    await sleep(50);
    bridge.terminate();
    const result = await pending;
    expect(!result.ok && result.error).toMatchObject({ code: 'ABORTED', retryable: true });
  });
});
