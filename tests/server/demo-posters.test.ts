// Demo posters (server/demo/posters.ts) made for real with ffmpeg from two short
// clips: a noisy look (cells, the demo's heaviest posters) and a plain one.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoConfig, renditions } from '../../server/demo/config';
import { posterArgs } from '../../server/demo/encode';
import { baseSource } from '../../server/demo/looks';
import { writePoster } from '../../server/demo/posters';
import { defaultFfmpegPath, runFfmpeg } from '../../server/services/media/ffmpeg';

const dir = mkdtempSync(path.join(tmpdir(), 'clipfeed-posters-'));
const ffmpeg = defaultFfmpegPath();
const frame = { width: 640, height: 360, fps: demoConfig.fps, seconds: 4 };

/** A 4 s clip of `look` at 360p, encoded finely enough that its detail survives. */
const clip = (look: 'cells' | 'grid', file: string) =>
  runFfmpeg(ffmpeg, ['-f', 'lavfi', '-i', baseSource(look, frame), '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-f', 'mpegts', file], dir);

/** Width x height of a JPEG, from ffmpeg's decode of it to one grey byte a pixel. */
function pixels(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', path.join(dir, file), '-f', 'rawvideo', '-pix_fmt', 'gray', '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    child.stdout.on('data', (c: Buffer) => (bytes += c.length));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(bytes) : reject(new Error(`ffmpeg ${code}`))));
  });
}

beforeAll(async () => {
  await Promise.all([clip('cells', 'cells.ts'), clip('grid', 'grid.ts')]);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('demo posters', () => {
  const { width, height } = renditions[demoConfig.posterRendition];

  it('a noisy frame gets the best quality that fits the cap, where the best one would not', async () => {
    await runFfmpeg(ffmpeg, posterArgs('cells.ts', 'cells-best.jpg', demoConfig.posterQualities[0]), dir);
    expect(statSync(path.join(dir, 'cells-best.jpg')).size).toBeGreaterThan(demoConfig.posterMaxBytes);

    const made = await writePoster(ffmpeg, dir, 'cells.ts', 'cells.jpg');
    expect(made?.quality).toBeGreaterThan(demoConfig.posterQualities[0]);
    expect(made?.bytes).toBe(statSync(path.join(dir, 'cells.jpg')).size);
    expect(made?.bytes).toBeLessThanOrEqual(demoConfig.posterMaxBytes);
    // The best of the qualities that fit: the one before it does not.
    const qualities: readonly number[] = demoConfig.posterQualities;
    const before = qualities[qualities.indexOf(made?.quality ?? 0) - 1];
    await runFfmpeg(ffmpeg, posterArgs('cells.ts', 'cells-before.jpg', before), dir);
    expect(statSync(path.join(dir, 'cells-before.jpg')).size).toBeGreaterThan(demoConfig.posterMaxBytes);
    expect(await pixels('cells.jpg')).toBe(width * height);
  });

  it('a plain frame keeps the best quality, at the poster rendition\'s size', async () => {
    const made = await writePoster(ffmpeg, dir, 'grid.ts', 'grid.jpg');
    expect(made?.quality).toBe(demoConfig.posterQualities[0]);
    expect(made?.bytes).toBeLessThanOrEqual(demoConfig.posterMaxBytes);
    expect(await pixels('grid.jpg')).toBe(width * height);
  });

  it('is null when the segment has no frame at the poster\'s second', async () => {
    await runFfmpeg(ffmpeg, ['-i', 'grid.ts', '-t', '1', '-c', 'copy', '-f', 'mpegts', 'short.ts'], dir);
    expect(await writePoster(ffmpeg, dir, 'short.ts', 'short.jpg')).toBeNull();
  });
});
