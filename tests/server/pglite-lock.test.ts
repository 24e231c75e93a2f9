// One process per PGlite directory (issue 13), as the attack and the accident:
// a second server or an import started on a directory a live process holds is
// refused with what to do; a lock left by a process that died is taken over.
// An import or a status beside a running server runs through it (its operator routes).

import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { DirectoryLockedError, lockDirectory, readDirectoryLock } from '../../server/db/dir-lock';
import { startFakeMaccms } from './helpers/fake-maccms';
import { runCommand } from './helpers/run-command';

const root = path.resolve(import.meta.dirname, '../..');
const tempDir = () => mkdtempSync(path.join(tmpdir(), 'clipfeed-lock-'));

interface Holder {
  url: string;
  child: ChildProcessWithoutNullStreams;
  stop(): Promise<number | null>;
}

/** A real server process on the PGlite directory in env.DATA_DIR (tests/server/helpers/lock-holder-server.ts), once it listens. */
function startHolder(env: Record<string, string>): Promise<Holder> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/helpers/lock-holder-server.ts'], { cwd: root, env: { ...process.env, ...env } });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const ready = /^READY (\S+)$/m.exec(stdout);
      if (ready) resolve({ url: ready[1], child, stop: () => (child.kill('SIGTERM'), exited) });
    });
    child.on('error', reject);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before it was ready: ${stderr}`)));
  });
}

describe('PGlite directory lock', () => {
  it('a second open of a held directory is refused with what to do; after close it opens', async () => {
    const dir = path.join(tempDir(), 'pglite');
    const first = await openDatabase({ pgliteDir: dir });
    const second = openDatabase({ pgliteDir: dir });
    await expect(second).rejects.toBeInstanceOf(DirectoryLockedError);
    await expect(second).rejects.toThrow(/pid \d+.*DATABASE_URL/s);
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDatabase({ pgliteDir: dir });
    await again.close();
  }, 60_000);

  it('takes over a lock whose process is gone (kill -9)', async () => {
    const dir = path.join(tempDir(), 'pglite');
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    writeFileSync(`${dir}.lock`, `${gone} ${hostname()}\n`);
    const db = await openDatabase({ pgliteDir: dir });
    await db.close();
  }, 60_000);

  it('attack: an import on a directory held by a process that names no server (starting, or not a server) is refused (exit 3), and the data stays whole', async () => {
    const dataDir = tempDir();
    // Held in this process, which never listens: the lock names no server to run the import through.
    const held = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const result = await runCommand('server/bin/catalogue-import.ts', ['https://catalogue.example.org/api.php/provide/vod/'], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/Another clipfeed process \(pid \d+\) is using the PGlite database/);
    expect(result.stderr).toMatch(/has not said where it listens/);
    expect(result.stderr).toMatch(/stop the server/);
    // The holder still works.
    await expect(held.db.execute('select 1')).resolves.toBeDefined();
    await held.close();
  }, 120_000);

  it('records where its server listens: written whole, read back, and gone with the lock', () => {
    const dir = path.join(tempDir(), 'pglite');
    const lock = lockDirectory(dir);
    expect(readDirectoryLock(dir)).toEqual({ pid: process.pid, host: hostname() });
    lock.recordServer('http://127.0.0.1:43210/');
    expect(readDirectoryLock(dir)).toEqual({ pid: process.pid, host: hostname(), url: 'http://127.0.0.1:43210' });
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(`${process.pid} ${hostname()} http://127.0.0.1:43210\n`);
    // No temporary file is left beside it.
    expect(readdirSync(path.dirname(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // A third word that is not an http(s) URL is no server address.
    writeFileSync(`${dir}.lock`, `${process.pid} ${hostname()} file:///etc/passwd\n`);
    expect(readDirectoryLock(dir)).toEqual({ pid: process.pid, host: hostname() });
    lock.release();
    expect(readDirectoryLock(dir)).toBeNull();
    // Released: nothing is recorded any more (no lock file comes back).
    lock.recordServer('http://127.0.0.1:43210/');
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('attack: a lock naming a server on another machine: the token is not sent to the address it records (exit 3)', async () => {
    const dataDir = tempDir();
    const dir = path.join(dataDir, 'pglite');
    // Whatever listens at that address on this machine is not the server that holds the directory.
    const bystander = await startFakeMaccms(1);
    try {
      writeFileSync(`${dir}.lock`, `${process.pid} other-machine.example ${bystander.origin}\n`);
      const r = await runCommand('server/bin/catalogue-import.ts', [bystander.endpoint], { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_TOKEN: 'an-operator-token-that-must-stay-here-0123' });
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/runs on another machine \(other-machine\.example\): run the import there/);
      // catalogue:status reaches the server the same way, so it keeps the token here too.
      const status = await runCommand('server/bin/catalogue-status.ts', [], { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_TOKEN: 'an-operator-token-that-must-stay-here-0123' });
      expect(status.code).toBe(1);
      expect(status.stderr).toMatch(/runs on another machine \(other-machine\.example\): run catalogue:status there/);
      expect(bystander.requests).toEqual([]);
    } finally {
      await bystander.close();
    }
  }, 60_000);

  it('an import beside a running server runs through it: a second server is refused, a wrong token is named, the import lands', async () => {
    const dataDir = tempDir();
    const dir = path.join(dataDir, 'pglite');
    const fake = await startFakeMaccms(30);
    // The fake source listens on loopback: the server may fetch it only because it is allowed here.
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_TOKEN: '', ALLOWED_PRIVATE_UPSTREAMS: '127.0.0.1' };
    const server = await startHolder(env);
    try {
      expect(readDirectoryLock(dir)).toEqual({ pid: server.child.pid, host: hostname(), url: server.url });

      // A second server on the directory is refused, and the first keeps it.
      const second = await runCommand('tests/server/helpers/lock-holder-server.ts', [], env);
      expect(second.code).not.toBe(0);
      expect(second.stderr).toContain(`Another clipfeed process (pid ${server.child.pid}) is using the PGlite database in ${dir}`);
      expect(readDirectoryLock(dir)?.pid).toBe(server.child.pid);

      // A token that is not the server's: refused, and the command says what to do.
      const wrong = await runCommand('server/bin/catalogue-import.ts', [fake.endpoint], { ...env, ADMIN_TOKEN: 'not-the-servers-token-0123456789abcdef' });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toMatch(/refused the operator token: ADMIN_TOKEN does not match the server's \(its ADMIN_TOKEN, .*\)\. Run the import with ADMIN_TOKEN set/);
      expect(fake.requests).toEqual([]);

      // The real flow: the token the server generated into DATA_DIR, the import in the server, the summary here.
      const imported = await runCommand('server/bin/catalogue-import.ts', ['--', fake.endpoint, '--pages', '5'], env);
      expect(imported.stderr).toContain(`The server (pid ${server.child.pid}) at ${server.url} holds the PGlite database: the import runs through it.`);
      expect(imported.stderr).toContain('page 1: 20 inserted, 0 updated');
      expect(imported.stderr).toContain('page 2: 10 inserted, 0 updated');
      expect(imported.code).toBe(0);
      expect(imported.stdout).toContain(`source: ${fake.host}`);
      expect(imported.stdout).toContain('pages: 2 imported, 0 failed (the source has 2)');
      expect(imported.stdout).toContain('videos: 30 inserted, 0 updated');
      expect(imported.stdout).toContain('errors: 0');

      // The server lists them at once: they went into its database.
      const list = (await (await fetch(`${server.url}/api.php/provide/vod/?ac=list`)).json()) as { total: number };
      expect(list.total).toBe(30);

      // catalogue:status asks the same server, with the same token, and a wrong token is named the same way.
      const status = await runCommand('server/bin/catalogue-status.ts', ['--', '--json'], env);
      expect(status.code).toBe(0);
      expect(JSON.parse(status.stdout).sources).toEqual([expect.objectContaining({ host: fake.host, videos: { shown: 30, gone: 0 } })]);
      const wrongStatus = await runCommand('server/bin/catalogue-status.ts', [], { ...env, ADMIN_TOKEN: 'not-the-servers-token-0123456789abcdef' });
      expect(wrongStatus.code).toBe(1);
      expect(wrongStatus.stderr).toMatch(/refused the operator token: ADMIN_TOKEN does not match the server's \(its ADMIN_TOKEN, .*\)\. Run catalogue:status with ADMIN_TOKEN set/);

      // A failing source: exit 1 with the reason, as without a server.
      const closed = await runCommand('server/bin/catalogue-import.ts', [`${fake.origin}/closed/api.php/provide/vod/`], env);
      expect(closed.code).toBe(1);
      expect(closed.stdout).toContain('errors: 1\n  - page 1: the source answered "closed" instead of JSON');
    } finally {
      expect(await server.stop()).toBe(0);
      await fake.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
  }, 120_000);
});
