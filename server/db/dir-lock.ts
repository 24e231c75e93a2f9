// One process per PGlite directory (issue 13). PGlite is an embedded
// PostgreSQL: two processes on one directory corrupt it. The first process
// takes a lock file beside the directory (its pid and host); another process,
// a second server or a catalogue import, is refused with what to do instead.
// A lock left by a process that is gone (kill -9, a crash) is taken over.

import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
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
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(file: string): { pid: number; host: string } | null {
  try {
    const [pid, host] = readFileSync(file, 'utf8').trim().split(/\s+/);
    const n = Number(pid);
    return Number.isInteger(n) && n > 0 ? { pid: n, host: host ?? '' } : null;
  } catch {
    return null;
  }
}

/** Takes the lock for `dir` (the file `<dir>.lock`), or throws DirectoryLockedError. */
export function lockDirectory(dir: string): DirectoryLock {
  const file = `${dir}.lock`;
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
      process.on('exit', release);
      return { release };
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
