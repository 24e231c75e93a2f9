// Browser benchmark (issues 4, 5 and 17): the feed in Chromium on an emulated
// low-end phone (4x CPU throttling, Lighthouse "Slow 4G"), against a baseline
// page that plays the same items with plain hls.js from the raw playlists (no
// worker, no preload), measured in the same run; and Lighthouse's mobile
// preset on the feed and on discover.
//
//   npm run bench:browser                       # everything: table printed, benchmarks/results/browser.json + browser-trace.zip
//   npm run bench:browser -- --quick            # shorter sessions, one Lighthouse run per page, no page visits
//   npm run bench:browser -- --lighthouse-only  # the Lighthouse runs alone
//   npm run bench:lighthouse -- --page discover  # Lighthouse on one page (feed or discover)
//
// In order: Lighthouse (3 runs per page); the baseline's and the feed's main
// sessions (2.5 s dwell: cold first frame and something on screen, swipe to
// first frame over the first 20 swipes, bytes over the first 50, heap after
// 5, 50 and 100 swipes); two more feed sessions of 20 swipes for the long
// tasks of three consecutive runs (the last one traced); the rapid session (1 s
// dwell: landing to poster or frame, swipe to first frame); the repeat visit;
// and the first visit of every other page (issue 5). Figure definitions: the
// files under benchmarks/browser/ and the README's Benchmarks section.

import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../e2e/chromium';
import { e2eServerEnv } from '../e2e/support/env';
import { startRealServer } from '../e2e/support/real-server';
import { precompressDist } from '../server/static/precompress';
import { BASELINE_DIR, baselineHtml, baselineScript } from './browser/baseline-page';
import { benchConfig, targets } from './browser/config';
import { lighthousePages } from './browser/lighthouse';
import { loadMediaMap } from './browser/media-map';
import { pageVisits } from './browser/page-visits';
import { repeatVisit } from './browser/repeat-visit';
import { report, type BrowserBench } from './browser/report';
import { feedPath, swipeRun } from './browser/swipe-run';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const results = path.join(here, 'results');
const log = (line: string) => process.stderr.write(`${line}\n`);

const server = await startRealServer(root, e2eServerEnv, (line) => log(`[server] ${line}`));
// The baseline page and its hls.js (the same light build the app ships) go into the built app's folder.
const baselineDir = path.join(root, 'dist', BASELINE_DIR);
mkdirSync(baselineDir, { recursive: true });
writeFileSync(path.join(baselineDir, 'baseline.html'), baselineHtml);
writeFileSync(path.join(baselineDir, 'baseline.js'), baselineScript);
copyFileSync(path.join(root, 'node_modules/hls.js/dist/hls.light.min.js'), path.join(baselineDir, 'hls.light.min.js'));
precompressDist(baselineDir);
mkdirSync(results, { recursive: true });

const bench: BrowserBench = { lighthouse: [], clipfeed: null, baseline: null, longTaskRuns: [], rapid: null, repeat: null, visits: [] };
const started = Date.now();
try {
  const lighthouseTargets = ([['feed', '/'], ['discover', '/?n=discover']] as const).filter(([page]) => benchConfig.lighthousePage === null || page === benchConfig.lighthousePage);
  bench.lighthouse = await lighthousePages(server.url, lighthouseTargets, results);
  if (!benchConfig.lighthouseOnly) {
    const media = await loadMediaMap(server.url, server.dataDir);
    const browser = await chromium.launch({ executablePath: await chromiumExecutable(), args: chromiumArgs });
    try {
      const [early, late] = benchConfig.heapAt;
      const dwellMs = benchConfig.dwellMs;
      log('baseline page...');
      bench.baseline = await swipeRun(browser, server.url, { which: 'baseline', swipes: Math.max(benchConfig.bytesSwipes, late), dwellMs, heapAt: [early, late], bytesAt: benchConfig.bytesSwipes, media });
      log('clipfeed...');
      const swipes = Math.max(...benchConfig.heapAt, benchConfig.bytesSwipes);
      bench.clipfeed = await swipeRun(browser, server.url, { which: 'clipfeed', swipes, dwellMs, heapAt: benchConfig.heapAt, bytesAt: benchConfig.bytesSwipes, media });
      for (let run = 2; run <= benchConfig.longTaskRuns; run++) {
        log(`clipfeed long-task run ${run}...`);
        const traceTo = run === benchConfig.longTaskRuns ? path.join(results, 'browser-trace.zip') : undefined;
        bench.longTaskRuns.push(await swipeRun(browser, server.url, { which: 'clipfeed', swipes: benchConfig.timedSwipes, dwellMs, traceTo, media }));
      }
      log('clipfeed rapid swipes...');
      bench.rapid = await swipeRun(browser, server.url, { which: 'clipfeed', swipes: benchConfig.timedSwipes, dwellMs: benchConfig.rapidDwellMs, media });
      log('repeat visit...');
      bench.repeat = await repeatVisit(browser, server.url);
      if (!benchConfig.quick) bench.visits = await pageVisits(browser, server.url);
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
  rmSync(baselineDir, { recursive: true, force: true });
}

const { lines, verdicts } = report(bench);
lines.push(`feed page measured: ${feedPath}; bench took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
console.log(lines.join('\n'));
const meta = { date: new Date().toISOString(), node: process.version, cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, quick: benchConfig.quick, lighthouseOnly: benchConfig.lighthouseOnly };
// A Lighthouse-only run keeps the last full run's figures.
const out = benchConfig.lighthouseOnly ? 'browser-lighthouse.json' : 'browser.json';
writeFileSync(path.join(results, out), `${JSON.stringify({ ...meta, config: benchConfig, targets, verdicts, ...bench }, null, 1)}\n`);
console.log(`wrote benchmarks/results/${out}${bench.longTaskRuns.length > 0 ? ' and benchmarks/results/browser-trace.zip' : ''}`);
