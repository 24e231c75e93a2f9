// Starts the real product (server/bin/start.ts: build when stale, demo content
// on first run, PGlite in .e2e-data/) on a free loopback port. Tests read the
// address from CLIPFEED_E2E_URL and the data directory (for the demo manifest)
// from CLIPFEED_E2E_DATA.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eServerEnv } from './support/env';
import { startRealServer } from './support/real-server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const server = await startRealServer(root, e2eServerEnv, (line) => console.log(`[e2e server] ${line}`));
  process.env.CLIPFEED_E2E_URL = server.url;
  process.env.CLIPFEED_E2E_DATA = server.dataDir;
  return () => server.stop();
}
