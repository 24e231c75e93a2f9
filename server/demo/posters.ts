// A demo video's poster: the best JPEG quality whose file fits demoConfig.posterMaxBytes. A noisy look (cells) at the
// best quality weighs ~115 kB, and a phone's first screen on Slow 4G waits for it; the others keep the best quality.

import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../services/media/ffmpeg';
import { demoConfig } from './config';
import { posterArgs, type SegmentDecryption } from './encode';

export interface PosterMade {
  /** The JPEG qscale kept. */
  quality: number;
  bytes: number;
}

/** Writes `out` (relative to `cwd`, as `segment`) from `segment`; null when ffmpeg found no frame. */
export async function writePoster(ffmpeg: string, cwd: string, segment: string, out: string, decryption?: SegmentDecryption): Promise<PosterMade | null> {
  let made: PosterMade | null = null;
  for (const quality of demoConfig.posterQualities) {
    await runFfmpeg(ffmpeg, posterArgs(segment, out, quality, decryption), cwd);
    // ffmpeg exits 0 when a seek finds no frame.
    if (!existsSync(path.join(cwd, out))) return null;
    made = { quality, bytes: (await stat(path.join(cwd, out))).size };
    if (made.bytes <= demoConfig.posterMaxBytes) break;
  }
  return made;
}
