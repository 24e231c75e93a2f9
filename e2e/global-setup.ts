// Demo media + build (when stale), then serve dist/ and the media on a free
// loopback port. Tests read the address from CLIPFEED_E2E_URL.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appPaths, ensureApp } from '../server/static/ensure-app';
import { startStaticServer } from '../server/static/serve';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const paths = appPaths(root);
  await ensureApp(paths, (message) => console.log(`[e2e setup] ${message}`));
  const app = await startStaticServer({
    mounts: [
      { prefix: '/', dir: paths.dist },
      { prefix: '/media/', dir: paths.media },
    ],
    host: '127.0.0.1',
    port: 0,
  });
  process.env.CLIPFEED_E2E_URL = app.url;
  return () => app.close();
}
