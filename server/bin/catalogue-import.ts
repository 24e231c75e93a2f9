// npm run catalogue:import -- URL [--pages N] [--since-last]
// Imports an upstream MacCMS v10 source into the server's database (the same
// configuration as npm start): the whole source, at most N pages, or what
// changed since its last good sync. Progress shows as a bar on a terminal and
// as plain lines otherwise; a summary ends it. Exits 1 when any page or
// request failed (what failed is listed; pages that succeeded are saved, and
// running the same import again resumes with the rest).
// When a running server holds the PGlite directory, the import runs in that
// server (its operator endpoint, with the operator token) instead of here:
// only one process may open the directory. Either way the import holds the
// catalogue's import lock: while a scheduled sync or another import runs on a
// process sharing the database, it exits 1 saying so.

import type { ServerConfig } from '../config';
import { configuredOrigins, createUpstreamPolicy } from '../net/upstream-policy';
import { formatSummary, importCatalogue, importThroughServer, loadCategoryMap, parseImportArgs, progressBar, progressLines, usage, type ImportArgs } from '../services/catalogue/import/index';
import { importLockHeld, takeImportLock } from '../services/catalogue/sync/index';
import { commandConfig, openCommandDatabase, tokenRefused, type HeldBy } from './command-database';

const work = 'the import';

async function throughServer(config: ServerConfig, args: ImportArgs, server: HeldBy): Promise<number> {
  if (!server.ok) {
    process.stderr.write(`${server.message}\n`);
    return server.exitCode;
  }
  process.stderr.write(`The server (pid ${server.pid}) at ${server.url} holds the PGlite database: the import runs through it.\n`);
  const result = await importThroughServer({ server: server.url, token: server.token, endpoint: args.endpoint, pages: args.pages, sinceLast: args.sinceLast, log: (line) => process.stderr.write(`${line}\n`) });
  if (result.ok) {
    process.stdout.write(`${formatSummary(result.summary)}\n`);
    return result.summary.errors.length > 0 ? 1 : 0;
  }
  process.stderr.write(`${result.status === 401 ? tokenRefused(config, work) : `import failed: ${result.error.message}`}\n`);
  return 1;
}

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseImportArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`${parsed.message}\n${usage}\n`);
    return 1;
  }
  const config = commandConfig();
  if (!config) return 1;
  const categoryMap = loadCategoryMap(config.dataDir);
  if (!categoryMap.ok) {
    process.stderr.write(`${categoryMap.message}\n`);
    return 1;
  }
  const opened = await openCommandDatabase(config, work, 2);
  if ('server' in opened) return throughServer(config, parsed.args, opened.server);
  const { database } = opened;
  // A bar on a terminal; lines every few seconds in a log or a pipe.
  const bar = process.stderr.isTTY ? progressBar(process.stderr) : null;
  const line = (text: string) => process.stderr.write(`${bar ? '\n' : ''}${text}\n`);
  let lock: Awaited<ReturnType<typeof takeImportLock>> = null;
  try {
    lock = await takeImportLock(database.db);
    if (!lock) {
      process.stderr.write(`import not started: ${importLockHeld}\n`);
      return 1;
    }
    const summary = await importCatalogue(database.db, parsed.args.endpoint, {
      pages: parsed.args.pages,
      sinceLast: parsed.args.sinceLast,
      // Public addresses only, except this server's own origin and ALLOWED_PRIVATE_UPSTREAMS (a LAN source, tests).
      network: createUpstreamPolicy({ allowedPrivateUpstreams: config.allowedPrivateUpstreams, ownOrigins: () => configuredOrigins(config) }),
      categoryMap: categoryMap.map,
      log: line,
      onProgress: bar ? (p) => bar.update(p) : progressLines(line),
    });
    bar?.stop();
    process.stdout.write(`${formatSummary(summary)}\n`);
    return summary.errors.length > 0 ? 1 : 0;
  } catch (err) {
    bar?.stop();
    process.stderr.write(`import failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await lock?.release();
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
