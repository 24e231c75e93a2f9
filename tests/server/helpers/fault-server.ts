// The server for the kill -9 fault test (watch-fault.test.ts), in its own
// process so it can really be killed: the app without static files on the
// PGlite directory in DATA_DIR or on DATABASE_URL, with catalogue videos
// 1..FAULT_VIDEOS, on an ephemeral port. Prints "READY <url>" when listening;
// SIGTERM closes it (and the database) cleanly. Restarts on the same data are
// the point, so the seed skips rows that are already there.

import path from 'node:path';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { videos } from '../../../server/db/schema/index';

const loaded = loadConfig({ ...process.env, PORT: '0' });
if (!loaded.ok) {
  console.error(loaded.message);
  process.exit(1);
}
const config = loaded.config;
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), poolSize: 10 });
const count = Number(process.env.FAULT_VIDEOS ?? 10);
await database.db
  .insert(videos)
  .values(Array.from({ length: count }, (_, i) => ({ vodId: i + 1, typeId: 1, vodName: `Video ${i + 1}`, sourceKey: `fault:${i + 1}` })))
  .onConflictDoNothing();

const app = await buildApp({ config, database, logger: false });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`READY ${url}`);
process.once('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
