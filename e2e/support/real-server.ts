// Starts the real product for the e2e suite the way a user does: `npm start`'s
// entry (server/bin/start.ts) in a child process, which builds the app when
// stale, makes the demo content on first run and serves everything on one
// port. The data directory survives between runs (.e2e-data/, git-ignored) so
// only the first run pays for the demo encode.

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export interface RealServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A free loopback port: the demo play URLs carry the origin, so it must be known before start. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startRealServer(root: string, env: Record<string, string>, log: (line: string) => void): Promise<RealServer> {
  const port = await freePort();
  // E2E_DATA_DIR lets parallel runs (one per working copy user) keep separate databases.
  const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? '.e2e-data');
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'bin', 'start.ts')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      for (const line of text.split('\n')) if (line.trim() && !line.startsWith('{')) log(line.trim());
      if (output.includes('clipfeed is running:')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready:\n${output.slice(-3000)}`)));
  });
  return {
    url,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
