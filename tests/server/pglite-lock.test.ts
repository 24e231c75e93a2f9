// One process per PGlite directory (issue 13), as the attack and the accident:
// a second server or an import started on a directory a live process holds is
// refused with what to do; a lock left by a process that died is taken over.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { DirectoryLockedError } from '../../server/db/dir-lock';

const root = path.resolve(import.meta.dirname, '../..');
const tempDir = () => mkdtempSync(path.join(tmpdir(), 'clipfeed-lock-'));

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

  it('attack: an import on the directory a running server holds is refused (exit 3), and the data stays whole', async () => {
    const dataDir = tempDir();
    const held = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/bin/catalogue-import.ts', 'https://catalogue.example.org/api.php/provide/vod/'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/Another clipfeed process \(pid \d+\) is using the PGlite database/);
    expect(result.stderr).toMatch(/stop the server/);
    // The holder still works.
    await expect(held.db.execute('select 1')).resolves.toBeDefined();
    await held.close();
  }, 120_000);
});
