// Brotli and gzip copies of the built app's text assets, written once after
// the build so @fastify/static (preCompressed) sends them with no per-request
// CPU. On a Slow-4G phone the page's JavaScript is the largest download before
// the first frame: compressed it is about a third of its size.

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/i;
// Every text file gets copies, however small: @fastify/static answers 404 for a directory index
// (GET /) when the client accepts an encoding its index.html has no copy for.

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name) && !entry.name.endsWith('.map')) yield full;
  }
}

/** Whether every compressible file already has a fresh .br and .gz. */
export function isPrecompressed(dist: string): boolean {
  for (const file of files(dist)) {
    for (const ext of ['.br', '.gz']) {
      try {
        if (statSync(file + ext).mtimeMs < statSync(file).mtimeMs) return false;
      } catch {
        return false;
      }
    }
  }
  return true;
}

export function precompressDist(dist: string): number {
  let count = 0;
  for (const file of files(dist)) {
    const body = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}
