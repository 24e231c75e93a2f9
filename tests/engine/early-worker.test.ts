import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { takeEarlyWorker } from '../../src/worker-bridge/bridge';

describe('the engine worker index.html starts early', () => {
  it('is handed to the bridge once, then the bridge makes its own', () => {
    const worker = { postMessage: () => undefined } as unknown as Worker;
    const host: { __clipfeedEngineWorker?: Worker } = { __clipfeedEngineWorker: worker };
    expect(takeEarlyWorker(host)).toBe(worker);
    expect(takeEarlyWorker(host)).toBeNull();
    expect(takeEarlyWorker(undefined)).toBeNull();
  });

  it('index.html starts it from the address the build writes in, under the name the bridge uses', () => {
    const html = readFileSync(path.join(__dirname, '../../index.html'), 'utf8');
    const bridge = readFileSync(path.join(__dirname, '../../src/worker-bridge/bridge.ts'), 'utf8');
    expect(html).toContain("var workerUrl = '__CLIPFEED_ENGINE_WORKER__';");
    // Without credentials: the script then has its own connection instead of queueing behind the page's scripts (HTTP/1.1).
    expect(html).toContain("window.__clipfeedEngineWorker = new Worker(workerUrl, { type: 'module', name: 'clipfeed-engine', credentials: 'omit' });");
    expect(bridge).toContain("{ type: 'module', name: 'clipfeed-engine' }");
  });
});
