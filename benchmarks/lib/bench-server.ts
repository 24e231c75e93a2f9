// The server under load for `npm run bench:server`, in its own process: the
// app without static files on PGlite (a fresh directory) or PostgreSQL
// (DATABASE_URL), seeded with a catalogue, on an ephemeral port. Prints
// "READY <url>" when listening; SIGTERM closes it.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { categories, videos } from '../../server/db/schema/index';

const loaded = loadConfig({ ...process.env, PORT: '0', ALLOW_AUTOMATION: '1' });
if (!loaded.ok) {
  console.error(loaded.message);
  process.exit(1);
}
const config = loaded.config;
const dataDir = mkdtempSync(path.join(tmpdir(), 'clipfeed-bench-'));
config.ssoSecret = 'bench-secret-bench-secret-bench-secret-000000';
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(dataDir, 'pglite'), poolSize: 20 });

// A catalogue the size of a small real source: 10 categories, 2,000 videos.
await database.db.delete(videos);
await database.db.delete(categories);
await database.db.insert(categories).values(Array.from({ length: 10 }, (_, i) => ({ typeId: i + 1, typeName: `Category ${i + 1}`, typeEn: `cat${i + 1}`, typeSort: i })));
for (let batch = 0; batch < 20; batch++) {
  await database.db.insert(videos).values(
    Array.from({ length: 100 }, (_, i) => {
      const n = batch * 100 + i;
      return {
        typeId: (n % 10) + 1,
        vodName: `视频 ${n}`,
        vodNamePt: `Vídeo ${n}`,
        vodNameEn: `Video ${n}`,
        vodPic: `https://img.example.com/${n}.jpg`,
        vodRemarks: 'HD',
        vodPlayFrom: 'demo',
        vodPlayUrl: `Line 1$https://media.example.com/v/${n}/index.m3u8`,
        vodContent: 'A video used by the server benchmark.',
        vodTime: new Date(Date.UTC(2025, 0, 1) + n * 60_000),
        sourceKey: `bench:${n}`,
      };
    }),
  );
}

const app = await buildApp({ config, database, logger: false });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`READY ${url}`);
process.once('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
