// Make sure the demo media exist and dist/ is built and newer than its sources.
// Shared by `npm start` (until the real server lands) and the e2e global setup.

import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { generateDemoMedia } from '../services/media/generate';
import { isPrecompressed, precompressDist } from './precompress';

/** Files and folders whose changes make dist/ stale. */
const SOURCES = ['src', 'workers', 'public', 'build', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'];

async function newestMtime(target: string): Promise<number> {
  const info = await stat(target).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(target)) newest = Math.max(newest, await newestMtime(path.join(target, entry)));
  return newest;
}

export interface AppPaths {
  root: string;
  dist: string;
  media: string;
}

export function appPaths(root = process.cwd()): AppPaths {
  return {
    root,
    dist: path.resolve(root, process.env.DIST_DIR ?? 'dist'),
    media: path.resolve(root, process.env.MEDIA_DIR ?? path.join('data', 'media')),
  };
}

/** Whether dist/ is missing or older than any source file. */
export async function buildIsStale(paths: AppPaths): Promise<boolean> {
  const built = path.join(paths.dist, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = (await stat(built)).mtimeMs;
  for (const source of SOURCES) if ((await newestMtime(path.join(paths.root, source))) > builtAt) return true;
  return false;
}

/** `media: false` skips the small engine demo media (the e2e clip test uses it; npm start serves the demo catalogue instead). */
export async function ensureApp(paths: AppPaths, log: (message: string) => void = () => undefined, options: { media?: boolean } = {}): Promise<void> {
  if (options.media !== false) {
    const media = await generateDemoMedia({ outDir: paths.media, log });
    if (!media.skipped) log(`demo media generated in ${media.outDir}`);
  }
  if (await buildIsStale(paths)) {
    log('building the app with vite...');
    const { build } = await import('vite');
    await build({ root: paths.root, logLevel: 'warn', build: { outDir: paths.dist } });
  }
  if (!isPrecompressed(paths.dist)) log(`compressed ${precompressDist(paths.dist)} app files (brotli, gzip)`);
}
