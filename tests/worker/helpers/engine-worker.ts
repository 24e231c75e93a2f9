// The real engine worker (through @vitest/web-worker) and the loopback playlist
// server, set up once per test file: call at the top level of a file.

import '@vitest/web-worker';
import * as Comlink from 'comlink';
import { afterAll, beforeAll } from 'vitest';
import type { EngineApi } from '../../../workers/engine.worker';
import { startPlaylistServer, type PlaylistServer } from './playlist-server';

export interface EngineWorkerFixture {
  server: PlaylistServer;
  worker: Worker;
  api: Comlink.Remote<EngineApi>;
}

export function useEngineWorker(): EngineWorkerFixture {
  const fixture = {} as EngineWorkerFixture;
  beforeAll(async () => {
    fixture.server = await startPlaylistServer();
    fixture.worker = new Worker(new URL('../../../workers/engine.worker.ts', import.meta.url), { type: 'module' });
    fixture.api = Comlink.wrap<EngineApi>(fixture.worker);
  });
  afterAll(async () => {
    fixture.api[Comlink.releaseProxy]();
    fixture.worker.terminate();
    await fixture.server.close();
  });
  return fixture;
}
