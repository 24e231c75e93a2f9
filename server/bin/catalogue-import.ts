// npm run catalogue:import -- URL [--pages N] [--since-last]
// Imports an upstream MacCMS v10 source into the server's database (the same
// configuration as npm start): the whole source, at most N pages, or what
// changed since its last good sync. Progress shows as a bar on a terminal and
// as plain lines otherwise; a summary ends it. Exits 1 when any page or
// request failed (what failed is listed; pages that succeeded are saved, and
// running the same import again resumes with the rest).
// When a running server holds the PGlite directory, the import runs in that
// server (its operator endpoint, with the operator token) instead of here:
// only one process may open the directory.

import { hostname } from 'node:os';
import path from 'node:path';
import { loadConfig, type ServerConfig } from '../config';
import { openDatabase } from '../db/client';
import { DirectoryLockedError, readDirectoryLock } from '../db/dir-lock';
import { configuredOrigins, createUpstreamPolicy } from '../net/upstream-policy';
import { adminTokenFile, commandOperatorToken } from '../security/admin-token';
import { formatSummary, importCatalogue, importThroughServer, loadCategoryMap, parseImportArgs, progressBar, progressLines, usage, type ImportArgs } from '../services/catalogue/import/index';

/** Exit code when the directory is held by a process that cannot take the import (no server address recorded). */
const EXIT_LOCKED = 3;

async function throughServer(config: ServerConfig, args: ImportArgs, locked: DirectoryLockedError): Promise<number> {
  const holder = readDirectoryLock(locked.dir);
  if (holder?.url && holder.host !== hostname()) {
    // The recorded address is as seen from the server's machine: here it could reach another process, and the token with it.
    process.stderr.write(`${locked.message} It runs on another machine (${holder.host}): run the import there, or stop the server first.\n`);
    return EXIT_LOCKED;
  }
  if (!holder?.url) {
    // Not a server that listens yet (still starting, or another import): say what to do rather than wait or corrupt it.
    process.stderr.write(
      `${locked.message} It has not said where it listens (a server still starting, or not a server): ` +
        'try again once the server is up, and the import runs through it; or stop the server, run the import, and start the server again.\n',
    );
    return EXIT_LOCKED;
  }
  process.stderr.write(`The server (pid ${holder.pid}) at ${holder.url} holds the PGlite database: the import runs through it.\n`);
  const token = commandOperatorToken(config.adminToken, config.dataDir);
  if (!token) {
    process.stderr.write(`No operator token: ADMIN_TOKEN is unset and ${adminTokenFile(config.dataDir)} does not exist. Set ADMIN_TOKEN to the server's.\n`);
    return 1;
  }
  const result = await importThroughServer({ server: holder.url, token, endpoint: args.endpoint, pages: args.pages, sinceLast: args.sinceLast, log: (line) => process.stderr.write(`${line}\n`) });
  if (result.ok) {
    process.stdout.write(`${formatSummary(result.summary)}\n`);
    return result.summary.errors.length > 0 ? 1 : 0;
  }
  if (result.status === 401) {
    const file = adminTokenFile(config.dataDir);
    process.stderr.write(
      `The server refused the operator token: ${config.adminToken ? 'ADMIN_TOKEN' : `the token in ${file}`} does not match the server's ` +
        `(its ADMIN_TOKEN, or ${file} when it was started without one). Run the import with ADMIN_TOKEN set to the server's token.\n`,
    );
    return 1;
  }
  process.stderr.write(`import failed: ${result.error.message}\n`);
  return 1;
}

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
  const categoryMap = loadCategoryMap(config.dataDir);
  if (!categoryMap.ok) {
    process.stderr.write(`${categoryMap.message}\n`);
    return 1;
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), poolSize: 2 });
  } catch (err) {
    if (!(err instanceof DirectoryLockedError)) throw err;
    return throughServer(config, parsed.args, err);
  }
  // A bar on a terminal; lines every few seconds in a log or a pipe.
  const bar = process.stderr.isTTY ? progressBar(process.stderr) : null;
  const line = (text: string) => process.stderr.write(`${bar ? '\n' : ''}${text}\n`);
  try {
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
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
