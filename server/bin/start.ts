// npm start: validates the environment, builds the web app when missing or
// stale, makes the demo content on first run, migrates the database (PGlite in
// DATA_DIR, or PostgreSQL at DATABASE_URL) and serves the app and every API on
// one port. SIGINT/SIGTERM: stop accepting, finish in-flight requests, stop a
// running catalogue import or sync (its run closed as interrupted, resumed by
// the next import), close the database, exit.

import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { localOrigin } from '../http/local-origin';
import { ownOrigin } from '../http/own-origin';
import { httpLimits, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DirectoryLockedError } from '../db/dir-lock';
import { ensureDemoContent } from '../demo/index';
import { adminTokenFile, loadAdminToken } from '../security/admin-token';
import { loadSsoSecret } from '../security/secret';
import { appPaths, ensureApp } from '../static/ensure-app';
import { startLines } from './start-lines';

const loaded = loadConfig(process.env);
if (!loaded.ok) {
  console.error(loaded.message);
  process.exit(1);
}
const config = loaded.config;
config.ssoSecret = loadSsoSecret(config.ssoSecret, config.dataDir);
// The operator token (short-video writes): ADMIN_TOKEN, or generated into DATA_DIR. Only its file is named, never the token.
if (!config.adminToken) console.log(`operator token (ADMIN_TOKEN unset): ${path.resolve(adminTokenFile(config.dataDir))}`);
config.adminToken = loadAdminToken(config.adminToken, config.dataDir);

const paths = appPaths();
await ensureApp(paths, (message) => console.log(message), { media: false });

const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') }).catch((err: unknown) => {
  if (!(err instanceof DirectoryLockedError)) throw err;
  console.error(err.message);
  process.exit(1);
});
console.log(`database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pglite')}`}`);

// It says what it made and what it listed (the catalogue lists more entries than there are encoded videos: see its line).
await ensureDemoContent({
  dataDir: config.dataDir,
  db: database.db,
  log: (message) => console.log(message),
  publicUrl: config.publicUrl,
  host: config.host,
  port: config.port,
});

const app = await buildApp({ config, database, distDir: paths.dist, logger: true });
await app.listen({ port: config.port, host: config.host });
const listening = app.server.address();
const port = listening && typeof listening === 'object' ? listening.port : config.port;
for (const line of startLines({ origin: ownOrigin(app), host: config.host, port, publicUrl: config.publicUrl, interfaces: networkInterfaces() })) console.log(line);
// PGlite: the lock now says where this server listens, so `npm run catalogue:import` runs through it (PostgreSQL: nothing to record).
database.recordServer(localOrigin(app));

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing in-flight requests and stopping a running catalogue import, then closing the database`);
  const force = setTimeout(() => {
    console.error(`shutdown took over ${httpLimits.stopMs / 1000} s; exiting`);
    process.exit(1);
  }, httpLimits.stopMs);
  force.unref();
  app.close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
