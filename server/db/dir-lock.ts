// One process per PGlite directory (issue 13). PGlite is an embedded
// PostgreSQL: two processes on one directory corrupt it. The first process
// takes a lock file beside the directory (its pid and host); another process,
// a second server or a catalogue import, is refused with what to do instead.
// A lock left by a process that is gone (kill -9, a crash) is taken over.
// A server records where it listens in its lock (`pid host url`), so an
// import started beside it can run through it instead of being refused.

import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

export class DirectoryLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `Another clipfeed process (pid ${pid}) is using the PGlite database in ${dir}. ` +
        'Stop it first, or run both against one PostgreSQL with DATABASE_URL (any number of processes may share that).',
    );
    this.name = 'DirectoryLockedError';
  }
}

export interface DirectoryLock {
  release(): void;
  /** Records the URL this process serves the database at (after it listens); a lock it no longer holds is left alone. */
  recordServer(url: string): void;
}

/** Who holds a directory: its pid and host, and the URL of its server once it listens. */
export interface LockHolder {
  pid: number;
  host: string;
  url?: string;
}

const lockFile = (dir: string) => `${dir}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** An http(s) URL as the holder wrote it; anything else is no URL. */
function serverUrl(text: string | undefined): string | undefined {
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function holder(file: string): LockHolder | null {
  try {
    const [pid, host, url] = readFileSync(file, 'utf8').trim().split(/\s+/);
    const n = Number(pid);
    if (!Number.isInteger(n) || n <= 0) return null;
    const recorded = serverUrl(url);
    return recorded ? { pid: n, host: host ?? '', url: recorded } : { pid: n, host: host ?? '' };
  } catch {
    return null;
  }
}

/** Who holds the lock of `dir` (the file `<dir>.lock`), or null when nobody does. */
export function readDirectoryLock(dir: string): LockHolder | null {
  return holder(lockFile(dir));
}

/** Takes the lock for `dir` (the file `<dir>.lock`), or throws DirectoryLockedError. */
export function lockDirectory(dir: string): DirectoryLock {
  const file = lockFile(dir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid} ${hostname()}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const h = holder(file);
        if (h?.pid === process.pid) rmSync(file, { force: true });
        process.off('exit', release);
      };
      const recordServer = (url: string) => {
        if (released || holder(file)?.pid !== process.pid) return;
        // Written whole beside it, then renamed over it: a reader sees the old line or the new, never half,
        // and the lock file exists throughout (no window in which another process could take it).
        const temp = `${file}.${process.pid}.tmp`;
        writeFileSync(temp, `${process.pid} ${hostname()} ${new URL(url).origin}\n`, { mode: 0o600 });
        renameSync(temp, file);
      };
      process.on('exit', release);
      return { release, recordServer };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const h = holder(file);
      // Another host's pid cannot be checked from here: a shared directory is refused. This
      // process holding it already counts too: two PGlite instances on one directory corrupt it as well.
      if (h && (h.host !== hostname() || alive(h.pid))) throw new DirectoryLockedError(dir, h.pid);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DirectoryLockedError(dir, 0);
}
