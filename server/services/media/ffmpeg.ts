// Running ffmpeg: the binary from @ffmpeg-installer/ffmpeg (or FFMPEG_PATH),
// one process per job, errors carrying the tail of ffmpeg's own message.

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** How much of ffmpeg's stderr an error keeps: the cause is at the end. */
const STDERR_TAIL = 4000;

export function defaultFfmpegPath(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export function runFfmpeg(bin: string, args: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`))));
  });
}

/** Runs the jobs with at most `limit` at a time; rejects with the first failure once the running ones end. */
export async function runLimited<T>(jobs: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  let failure: unknown = null;
  const lane = async () => {
    while (failure === null && next < jobs.length) {
      const i = next++;
      try {
        results[i] = await jobs[i]();
      } catch (e) {
        failure ??= e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, jobs.length)) }, lane));
  if (failure !== null) throw failure;
  return results;
}
