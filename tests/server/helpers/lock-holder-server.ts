// A real server process holding a PGlite DATA_DIR, for the lock tests: what
// npm start does for the database and the lock (opens DATA_DIR/pglite, the
// operator token from ADMIN_TOKEN or DATA_DIR, records where it listens in the
// lock), without building the web app or encoding demo media. Listens on an
// ephemeral loopback port; prints "READY <url>"; SIGTERM closes it.

import path from 'node:path';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { localOrigin } from '../../../server/http/local-origin';
import { loadAdminToken } from '../../../server/security/admin-token';
import { loadSsoSecret } from '../../../server/security/secret';

const loaded = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
if (!loaded.ok) {
  console.error(loaded.message);
  process.exit(1);
}
const config = loaded.config;
config.ssoSecret = loadSsoSecret(config.ssoSecret, config.dataDir);
config.adminToken = loadAdminToken(config.adminToken, config.dataDir);
const database = await openDatabase({ pgliteDir: path.join(config.dataDir, 'pglite') });
const app = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });
const url = localOrigin(app);
database.recordServer(url);
console.log(`READY ${url}`);
process.once('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
