// The warm start through the real worker entry: index.html posts the first
// catalogue page as a plain message beside Comlink's, and the page's own
// prepareClip for that item is then answered without fetching again.

import '@vitest/web-worker';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as Comlink from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warmStartConfig } from '../../workers/engine/config';
import type { EngineApi } from '../../workers/engine.worker';
import { startPlaylistServer, type PlaylistServer } from './helpers/playlist-server';

let server: PlaylistServer;
let worker: Worker;
let api: Comlink.Remote<EngineApi>;

beforeAll(async () => {
  server = await startPlaylistServer();
  worker = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module' });
  api = Comlink.wrap<EngineApi>(worker);
});

afterAll(async () => {
  api[Comlink.releaseProxy]();
  worker.terminate();
  await server.close();
});

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('the engine worker\'s warm start', () => {
  it('index.html posts the first page under the kind the worker listens for', () => {
    const html = readFileSync(path.join(__dirname, '../../index.html'), 'utf8');
    expect(html).toContain(`worker.postMessage({ kind: '${warmStartConfig.firstPageKind}', body: body }, [body]);`);
    expect(html).toContain(`worker.postMessage({ kind: '${warmStartConfig.firstPageKind}', list: d.list })`);
  });

  it('prepares the posted first item and fetches its first fragment; the page\'s request is answered from it', async () => {
    const url = server.url('/media/index.m3u8');
    worker.postMessage({ kind: warmStartConfig.firstPageKind, list: [{ vod_id: 4, vod_play_from: 'demo', vod_play_url: `Line 1$${url}` }] });
    const fragments = () => [...server.hits.keys()].filter((p) => /^\/media\/seg_\d+\.ts$/.test(p));
    await until(() => fragments().length > 0);
    expect(fragments()).toHaveLength(1);
    const result = await api.prepareClip({ url, playFrom: 'demo', id: 4 }, { network: 'fast', context: 'short-video', token: 'p1' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.clipPlaylist).toContain(`${server.origin}${fragments()[0]}`);
    expect(server.hits.get('/media/index.m3u8')).toBe(1);
    expect(await api.ping()).toBe('pong');
  });

  it('reads the first video from the page\'s body as it streams in (a fresh worker)', async () => {
    const fresh = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module' });
    const remote = Comlink.wrap<EngineApi>(fresh);
    try {
      const url = server.url('/v1080/index.m3u8');
      const body = new Response(JSON.stringify({ code: 1, list: [{ vod_id: 6, vod_play_url: url }] })).body as ReadableStream<Uint8Array>;
      fresh.postMessage({ kind: warmStartConfig.firstPageKind, body }, [body]);
      const fragments = () => [...server.hits.keys()].filter((p) => /^\/v1080\/seg_\d+\.ts$/.test(p));
      await until(() => fragments().length > 0);
      expect(fragments()).toHaveLength(1);
      const result = await remote.prepareClip({ url, playFrom: '', id: 6 }, { network: 'slow', context: 'short-video', token: 'p2' });
      expect(result.ok && result.value.clipPlaylist).toContain(`${server.origin}${fragments()[0]}`);
      expect(server.hits.get('/v1080/index.m3u8')).toBe(1);
    } finally {
      remote[Comlink.releaseProxy]();
      fresh.terminate();
    }
  });
});
