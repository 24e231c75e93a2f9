// What the catalogue commands (catalogue:import, catalogue:status) share: the
// server's configuration, as npm start loads it, and its database, opened
// here; or, when a running server holds the PGlite directory (only one
// process may open it), that server's address and the operator token to call
// it with (through-server.ts makes the call). The token goes only to a server
// on this machine: the address a lock records is as seen from the holder's.

import { hostname } from 'node:os';
import path from 'node:path';
import { loadConfig, type ServerConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DirectoryLockedError, readDirectoryLock } from '../db/dir-lock';
import { adminTokenFile, commandOperatorToken } from '../security/admin-token';

/** Exit code when the directory is held by a process that cannot take the command (on another machine, or no server address recorded). */
const EXIT_LOCKED = 3;

/** The running server that holds the directory, with the token to call it; or why it cannot be called, with the exit code. */
export type HeldBy = { ok: true; pid: number; url: string; token: string } | { ok: false; message: string; exitCode: number };

/** The server's configuration from the environment, or null once its problem is written to stderr. */
export function commandConfig(): ServerConfig | null {
  const loaded = loadConfig(process.env);
  if (loaded.ok) return loaded.config;
  process.stderr.write(`${loaded.message}\n`);
  return null;
}

function heldBy(config: ServerConfig, locked: DirectoryLockedError, work: string): HeldBy {
  const holder = readDirectoryLock(locked.dir);
  if (holder?.url && holder.host !== hostname()) {
    // Here the recorded address could reach another process, and the token with it.
    return { ok: false, exitCode: EXIT_LOCKED, message: `${locked.message} It runs on another machine (${holder.host}): run ${work} there, or stop the server first.` };
  }
  if (!holder?.url) {
    // Not a server that listens yet (still starting, or another command): say what to do rather than wait or corrupt it.
    return {
      ok: false,
      exitCode: EXIT_LOCKED,
      message:
        `${locked.message} It has not said where it listens (a server still starting, or not a server): ` +
        `try again once the server is up, and ${work} runs through it; or stop the server, run ${work}, and start the server again.`,
    };
  }
  const token = commandOperatorToken(config.adminToken, config.dataDir);
  if (!token) return { ok: false, exitCode: 1, message: `No operator token: ADMIN_TOKEN is unset and ${adminTokenFile(config.dataDir)} does not exist. Set ADMIN_TOKEN to the server's.` };
  return { ok: true, pid: holder.pid, url: holder.url, token };
}

/** The database opened here, or (when a running server holds its PGlite directory) that server; `work` names the command's work in messages ('the import'). */
export async function openCommandDatabase(config: ServerConfig, work: string, poolSize: number): Promise<{ database: Database } | { server: HeldBy }> {
  try {
    return { database: await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), poolSize }) };
  } catch (err) {
    if (!(err instanceof DirectoryLockedError)) throw err;
    return { server: heldBy(config, err, work) };
  }
}

/** What to say when the server refused the operator token this command sent. */
export function tokenRefused(config: ServerConfig, work: string): string {
  const file = adminTokenFile(config.dataDir);
  return (
    `The server refused the operator token: ${config.adminToken ? 'ADMIN_TOKEN' : `the token in ${file}`} does not match the server's ` +
    `(its ADMIN_TOKEN, or ${file} when it was started without one). Run ${work} with ADMIN_TOKEN set to the server's token.`
  );
}
