// The real server on a random local port, for client tests over fetch.

import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../server/helpers/test-app';

export interface LiveServer {
  t: TestApp;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<LiveServer> {
  const t = await buildTestApp('pglite', env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, baseUrl: `http://127.0.0.1:${port}`, close: () => t.close() };
}

/** Counts fetches by path while letting them through. */
export function countFetches(): { count(path: string): number; restore(): void } {
  const real = globalThis.fetch;
  const seen: string[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    seen.push(new URL(url).pathname);
    return real(input, init);
  });
  return { count: (path) => seen.filter((p) => p === path).length, restore: () => spy.mockRestore() };
}
