// Demo content for a fresh install: media made once into DATA_DIR/demo (see
// generate.ts) and the catalogue rows upserted on every start (see origin.ts
// for why the play URLs are rewritten each time). Called by server/bin/start.ts.

import path from 'node:path';
import type { Db } from '../db/client';
import { upsertCategories, upsertVideos, type UpsertCounts } from '../services/catalogue/index';
import { demoCategoryRows, demoVideoRows } from './catalogue';
import { demoConfig } from './config';
import { generateDemoContent, type DemoManifest } from './generate';
import { demoOrigin, type OriginInput } from './origin';
import { defaultDemoPlan } from './plan';
import { planProblems } from './plan-problems';
import type { DemoPlan } from './types';

export type { DemoManifest } from './generate';

export interface EnsureDemoOptions extends OriginInput {
  dataDir: string;
  db: Db;
  log?: (message: string) => void;
  /** ffmpeg binary (default @ffmpeg-installer/ffmpeg, or FFMPEG_PATH). */
  ffmpegPath?: string;
  /** What to make (default: the full demo; tests pass a tiny one). */
  plan?: DemoPlan;
  /** Regenerate even when the stamp matches. */
  force?: boolean;
}

export interface EnsureDemoResult {
  dir: string;
  origin: string;
  generated: boolean;
  /** Seconds spent making media (0 when reused). */
  encodeSeconds: number;
  manifest: DemoManifest;
  categories: UpsertCounts;
  videos: UpsertCounts;
}

/**
 * Why the catalogue lists more entries than there are encoded videos (a series' episodes share one video's
 * media), and what this start changed: new rows, and rows whose play addresses moved to this run's origin.
 * No URL: the media folder itself answers 403 (only its files are served), and the app's address comes last.
 */
export function catalogueLine(videos: number, entries: number, counts: UpsertCounts): string {
  const episodes = entries - videos;
  const made = episodes > 0 ? `${videos} videos + ${episodes} episodes of a series that all play one of those videos` : `${videos} videos`;
  return `demo catalogue: ${entries} entries (${made}): ${counts.inserted} added, ${counts.updated} already listed and refreshed`;
}

export async function ensureDemoContent(options: EnsureDemoOptions): Promise<EnsureDemoResult> {
  const plan = options.plan ?? defaultDemoPlan;
  const log = options.log ?? (() => undefined);
  const problems = planProblems(plan, demoConfig.segmentSeconds);
  if (problems.length > 0) throw new Error(`demo content plan is not sound:\n  ${problems.join('\n  ')}`);
  const dir = path.resolve(options.dataDir, demoConfig.dirName);
  const made = await generateDemoContent({ dir, plan, ffmpegPath: options.ffmpegPath, log, force: options.force });
  if (made.generated) log(`demo media: ${plan.videos.length} videos encoded into ${dir} in ${made.encodeSeconds.toFixed(1)} s`);
  const origin = demoOrigin(options);
  const categories = await upsertCategories(options.db, demoCategoryRows(plan));
  const rows = demoVideoRows(plan, made.manifest, origin);
  const videos = await upsertVideos(options.db, rows);
  log(catalogueLine(plan.videos.length, rows.length, videos));
  return { dir, origin, generated: made.generated, encodeSeconds: made.encodeSeconds, manifest: made.manifest, categories, videos };
}
