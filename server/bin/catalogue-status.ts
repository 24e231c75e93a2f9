// npm run catalogue:status [-- --json]
// Every imported catalogue source: videos shown and gone, the last good sync,
// and the newest run with its outcome. Reads the server's database directly,
// or asks the running server (its operator route, with the operator token)
// when that server holds the PGlite directory.

import path from 'node:path';
import { loadConfig, type ServerConfig } from '../config';
import { openDatabase } from '../db/client';
import { DirectoryLockedError, readDirectoryLock } from '../db/dir-lock';
import { adminTokenFile, commandOperatorToken } from '../security/admin-token';
import { statusThroughServer } from '../services/catalogue/import/index';
import { formatStatus, operatorStatusPath, sourcesStatus, statusAnswerSchema } from '../services/catalogue/sync/index';

type Sources = Awaited<ReturnType<typeof sourcesStatus>>;

async function throughServer(config: ServerConfig, locked: DirectoryLockedError): Promise<Sources | string> {
  const holder = readDirectoryLock(locked.dir);
  if (!holder?.url) return `${locked.message} It has not said where it listens: try again once the server is up.`;
  const token = commandOperatorToken(config.adminToken, config.dataDir);
  if (!token) return `No operator token: ADMIN_TOKEN is unset and ${adminTokenFile(config.dataDir)} does not exist.`;
  const answer = await statusThroughServer(holder.url, token, operatorStatusPath);
  if (!answer.ok) return answer.message;
  if (answer.status === 401) return 'The server refused the operator token: set ADMIN_TOKEN to the server\'s.';
  const parsed = statusAnswerSchema.safeParse(answer.body);
  return parsed.success ? parsed.data.sources : `the server answered ${answer.status} without a status`;
}

async function main(argv: readonly string[]): Promise<number> {
  const args = argv.filter((a) => a !== '--');
  if (args.some((a) => a !== '--json')) {
    process.stderr.write('usage: npm run catalogue:status [-- --json]\n');
    return 1;
  }
  const loaded = loadConfig(process.env);
  if (!loaded.ok) {
    process.stderr.write(`${loaded.message}\n`);
    return 1;
  }
  const { config } = loaded;
  let sources: Sources | string;
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), poolSize: 1 });
    try {
      sources = await sourcesStatus(database.db);
    } finally {
      await database.close();
    }
  } catch (err) {
    if (!(err instanceof DirectoryLockedError)) throw err;
    sources = await throughServer(config, err);
  }
  if (typeof sources === 'string') {
    process.stderr.write(`${sources}\n`);
    return 1;
  }
  process.stdout.write(`${args.includes('--json') ? JSON.stringify({ sources }, null, 2) : formatStatus(sources)}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
