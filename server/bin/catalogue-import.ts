// npm run catalogue:import -- URL [--pages N]
// Imports an upstream MacCMS v10 source into the server's database (the same
// configuration as npm start), prints a summary, and exits 1 when any page or
// request failed (what failed is listed; pages that succeeded are saved).

import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DirectoryLockedError } from '../db/dir-lock';
import { configuredOrigins, createUpstreamPolicy } from '../net/upstream-policy';
import { formatSummary, importCatalogue, parseImportArgs, usage } from '../services/catalogue/import/index';

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseImportArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`${parsed.message}\n${usage}\n`);
    return 1;
  }
  const loaded = loadConfig(process.env);
  if (!loaded.ok) {
    process.stderr.write(`${loaded.message}\n`);
    return 1;
  }
  const { config } = loaded;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), poolSize: 2 });
  } catch (err) {
    if (!(err instanceof DirectoryLockedError)) throw err;
    // A running server holds the embedded database: say what to do rather than wait or corrupt it.
    process.stderr.write(`${err.message} To import now, stop the server, run the import, and start the server again.\n`);
    return 3;
  }
  try {
    const summary = await importCatalogue(database.db, parsed.args.endpoint, {
      pages: parsed.args.pages,
      // Public addresses only, except this server's own origin and ALLOWED_PRIVATE_UPSTREAMS (a LAN source, tests).
      network: createUpstreamPolicy({ allowedPrivateUpstreams: config.allowedPrivateUpstreams, ownOrigins: () => configuredOrigins(config) }),
      log: (line) => process.stderr.write(`${line}\n`),
    });
    process.stdout.write(`${formatSummary(summary)}\n`);
    return summary.errors.length > 0 ? 1 : 0;
  } catch (err) {
    process.stderr.write(`import failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
