// The operator credential: ADMIN_TOKEN when set, else one generated on first
// start and kept in DATA_DIR/admin-token (mode 0600), so it survives restarts
// and every process sharing the directory agrees. Operator calls (the
// short-video writes) send it as `Authorization: Bearer <token>`; it is
// compared in constant time (see isAdminToken).

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Shortest token accepted (ADMIN_TOKEN is validated to the same length in config.ts). */
export const adminTokenMinLength = 32;

/** Where the generated token is kept. */
export function adminTokenFile(dataDir: string): string {
  return path.join(dataDir, 'admin-token');
}

function readKept(file: string): string | null {
  if (!existsSync(file)) return null;
  // A copy left readable by others (an older start, a hand edit) is closed up.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const kept = readFileSync(file, 'utf8').trim();
  return kept.length >= adminTokenMinLength ? kept : null;
}

export function loadAdminToken(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = adminTokenFile(dataDir);
  const kept = readKept(file);
  if (kept) return kept;
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(48).toString('base64url');
  // Written whole to a private temporary file, then linked into place: another
  // process starting on the same directory sees either no file or all of it,
  // and when it won the race its token is the one everybody uses.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, `${token}\n`, { mode: 0o600 });
  try {
    if (existsSync(file)) {
      // A file too short to be a token (truncated, hand-edited): replaced.
      renameSync(temp, file);
      return token;
    }
    try {
      linkSync(temp, file);
      return token;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const theirs = readKept(file);
      if (theirs) return theirs;
      renameSync(temp, file);
      return token;
    }
  } finally {
    if (existsSync(temp)) unlinkSync(temp);
  }
}

/**
 * Whether an Authorization header value carries the token: `Bearer <token>`
 * (scheme in any case), compared with timingSafeEqual on equal-length
 * buffers. A value of another length is refused without comparing.
 */
export function isAdminToken(authorization: string | string[] | undefined, token: string): boolean {
  if (typeof authorization !== 'string') return false;
  const m = /^Bearer[ \t]+(\S.*?)[ \t]*$/i.exec(authorization);
  if (!m) return false;
  const sent = Buffer.from(m[1], 'utf8');
  const expected = Buffer.from(token, 'utf8');
  if (sent.length !== expected.length) return false;
  return timingSafeEqual(sent, expected);
}

/** The token a command presents to the running server: ADMIN_TOKEN, else the one the server generated into DATA_DIR (never generated here). */
export function commandOperatorToken(configured: string | undefined, dataDir: string): string | undefined {
  if (configured) return configured;
  return existsSync(adminTokenFile(dataDir)) ? loadAdminToken(undefined, dataDir) : undefined;
}
