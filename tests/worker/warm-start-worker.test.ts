// The warm start through the real worker entry: index.html posts the first
// catalogue page as a plain message beside Comlink's, and the page's own
// prepareClip for that item is then answered without fetching again.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { warmStartConfig } from '../../workers/engine/config';
import type { EngineApi } from '../../workers/engine.worker';
import { useEngineWorker } from './helpers/engine-worker';

const engine = useEngineWorker();

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
    const url = engine.server.url('/media/index.m3u8');
    engine.worker.postMessage({ kind: warmStartConfig.firstPageKind, list: [{ vod_id: 4, vod_play_from: 'demo', vod_play_url: `Line 1$${url}` }] });
    const fragments = () => [...engine.server.hits.keys()].filter((p) => /^\/media\/seg_\d+\.ts$/.test(p));
    await until(() => fragments().length > 0);
    expect(fragments()).toHaveLength(1);
    const result = await engine.api.prepareClip({ url, playFrom: 'demo', id: 4 }, { network: 'fast', context: 'short-video', token: 'p1' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.clipPlaylist).toContain(`${engine.server.origin}${fragments()[0]}`);
    expect(engine.server.hits.get('/media/index.m3u8')).toBe(1);
    expect(await engine.api.ping()).toBe('pong');
  });

  it('reads the first video from the page\'s body as it streams in (a fresh worker)', async () => {
    const fresh = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module' });
    const remote = Comlink.wrap<EngineApi>(fresh);
    try {
      const url = engine.server.url('/v1080/index.m3u8');
      const body = new Response(JSON.stringify({ code: 1, list: [{ vod_id: 6, vod_play_url: url }] })).body as ReadableStream<Uint8Array>;
      fresh.postMessage({ kind: warmStartConfig.firstPageKind, body }, [body]);
      const fragments = () => [...engine.server.hits.keys()].filter((p) => /^\/v1080\/seg_\d+\.ts$/.test(p));
      await until(() => fragments().length > 0);
      expect(fragments()).toHaveLength(1);
      const result = await remote.prepareClip({ url, playFrom: '', id: 6 }, { network: 'slow', context: 'short-video', token: 'p2' });
      expect(result.ok && result.value.clipPlaylist).toContain(`${engine.server.origin}${fragments()[0]}`);
      expect(engine.server.hits.get('/v1080/index.m3u8')).toBe(1);
    } finally {
      remote[Comlink.releaseProxy]();
      fresh.terminate();
    }
  });
});
