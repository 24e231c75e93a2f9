// Browser benchmark (issue 4): the feed in Chromium on an emulated low-end
// phone (4x CPU throttling, Lighthouse "Slow 4G"), against a baseline page
// that plays the same items with plain hls.js from the raw playlists (no
// worker, no preload), measured in the same run.
//
//   npm run bench:browser            # prints the table, writes benchmarks/results/browser.json + browser-trace.zip
//   npm run bench:browser -- --quick # 10 swipes, heap after 5 and 15, no page visits
//
// Figures: (a) cold first frame from navigation; (b) swipe-to-first-frame p50/p95
// over 20 swipes, from the moment the next item becomes current (the swiper's
// 300 ms slide animation has ended: a fixed UX cost, not loading) to its first
// frame being on screen with playback running (probe.ts: the later of the first
// presented frame and the 'playing' event; the feed decodes the incoming clip's
// first frame while the slide moves in); the key-press-to-frame time, which
// includes the animation, is reported too; (c) long
// tasks and total blocking time during the swipes; (d) JS heap after 5 and
// after 50 swipes (after a forced GC); (e) initial JS bytes, gzipped; and the
// first-visit cost (time to content, JS gzipped) of every other page (issue 5).

import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../e2e/chromium';
import { e2eServerEnv } from '../e2e/support/env';
import { startRealServer } from '../e2e/support/real-server';
import { precompressDist } from '../server/static/precompress';
import { BASELINE_DIR, BASELINE_PATH, baselineHtml, baselineScript } from './browser/baseline-page';
import { probeScript, type PageProbe } from './browser/probe';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const quick = process.argv.includes('--quick');
const SWIPES_TIMED = quick ? 10 : 20;
const HEAP_EARLY = 5;
const HEAP_LATE = quick ? 15 : 50;
const CPU_THROTTLE = 4;
const DWELL_MS = 2500;
// Lighthouse "Slow 4G" (TOOLCHAIN.md): 150 ms RTT x 3.75, 1.6 Mbit/s x 0.9 down, 750 kbit/s x 0.9 up.
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };
const TARGETS = { swipeP95Ms: 150, longTaskMs: 50, heapGrowth: 0.1 };

interface RunResult {
  page: 'clipfeed' | 'baseline';
  coldFirstFrameMs: number | null;
  swipeToFrameMs: number[];
  keyToFrameMs: number[];
  longTasks: number;
  longestTaskMs: number;
  totalBlockingMs: number;
  heapEarly: HeapFigure | null;
  heapLate: HeapFigure | null;
  initialJsGzipBytes: number;
  workerJsGzipBytes: number;
  failedSwipes: number;
}

function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
}

interface HeapFigure {
  /** Used JS heap after a forced GC. */
  mb: number;
  /** Of which V8's compiled code (grows as more code paths run the first time: warm-up, not data). */
  codeMb: number;
}

async function heap(cdp: CDPSession): Promise<HeapFigure> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  // A heap snapshot splits code from data (node type 'code').
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(chunks.join('')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[] };
  const fields = snap.snapshot.meta.node_fields;
  const typeNames = snap.snapshot.meta.node_types[0];
  const iType = fields.indexOf('type');
  const iSize = fields.indexOf('self_size');
  let code = 0;
  for (let i = 0; i < snap.nodes.length; i += fields.length) if (typeNames[snap.nodes[i + iType]] === 'code') code += snap.nodes[i + iSize];
  return { mb: usedSize / (1024 * 1024), codeMb: code / (1024 * 1024) };
}

const probeOf = (page: Page) => page.evaluate(() => window.__benchProbe as PageProbe);
const timelineOf = (page: Page) => page.evaluate(() => window.__clipfeedTimeline ?? []);

async function jsBytes(page: Page, base: string, untilMs: number): Promise<{ page: number; worker: number }> {
  const scripts = await page.evaluate((until) => performance.getEntriesByType('resource').filter((e) => e.startTime <= until && /\.m?js(\?|$)/.test(e.name)).map((e) => e.name), untilMs);
  let pageBytes = 0;
  let workerBytes = 0;
  for (const url of new Set(scripts)) {
    const u = new URL(url);
    const body = Buffer.from(await (await fetch(new URL(u.pathname, base))).arrayBuffer());
    const size = gzipSync(body, { level: 9 }).length;
    if (/worker/.test(u.pathname)) workerBytes += size;
    else pageBytes += size;
  }
  return { page: pageBytes, worker: workerBytes };
}

async function run(browser: Browser, base: string, which: 'clipfeed' | 'baseline', traceTo?: string): Promise<RunResult> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  await context.addInitScript({ content: probeScript });
  if (traceTo) await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // Throttle on a same-origin page first: the measured navigation stays in this renderer, so it starts throttled and cold.
  await page.goto(`${base}/robots.txt`);
  await throttle(cdp);
  const target = which === 'clipfeed' ? `${base}/?n=douyin` : `${base}${BASELINE_PATH}`;
  await page.goto(target, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window.__benchProbe?.frames.length ?? 0) > 0, null, { timeout: 120_000, polling: 200 });
  const firstFrame = (await probeOf(page)).frames[0]?.at ?? null;
  const js = await jsBytes(page, base, firstFrame ?? Number.POSITIVE_INFINITY);

  const swipeToFrame: number[] = [];
  const keyToFrame: number[] = [];
  let failed = 0;
  let heapEarly: HeapFigure | null = null;
  let heapLate: HeapFigure | null = null;
  // The first clip is watched for the same moment as every later one before the first swipe.
  await page.waitForTimeout(DWELL_MS);
  const swipeStart = await page.evaluate(() => performance.now());
  const totalSwipes = Math.max(SWIPES_TIMED, HEAP_LATE);
  for (let n = 1; n <= totalSwipes; n++) {
    const framesBefore = (await probeOf(page)).frames.length;
    const timelineBefore = (await timelineOf(page)).length;
    const pressedAt = await page.evaluate(() => performance.now());
    await page.keyboard.press('ArrowDown');
    // The new item: a timeline entry, then (unless it is an image ad) a first frame.
    const ok = await page
      .waitForFunction(
        ({ frames, timeline }) => {
          const t = window.__clipfeedTimeline ?? [];
          if (t.length <= timeline) return false;
          const entry = t[t.length - 1];
          return entry.ad && !document.querySelector('[data-ad-type=video]') ? true : (window.__benchProbe?.frames.length ?? 0) > frames && window.__benchProbe!.frames.some((f) => f.at >= entry.at);
        },
        { frames: framesBefore, timeline: timelineBefore },
        { timeout: 60_000, polling: 100 },
      )
      .then(() => true, () => false);
    if (!ok) failed++;
    const timeline = await timelineOf(page);
    const entry = timeline[timeline.length - 1];
    const frame = (await probeOf(page)).frames.find((f) => entry && f.at >= entry.at);
    if (ok && entry && frame && n <= SWIPES_TIMED && !(entry.ad && !frame)) {
      swipeToFrame.push(frame.at - entry.at);
      keyToFrame.push(frame.at - pressedAt);
    }
    if (n === HEAP_EARLY) heapEarly = await heap(cdp);
    if (n === HEAP_LATE) heapLate = await heap(cdp);
    // A quick swiper looks at each clip a moment before moving on (real viewers stay longer, which only helps preloading).
    await page.waitForTimeout(DWELL_MS);
  }
  const probe = await probeOf(page);
  const during = probe.longTasks.filter((t) => t.start >= swipeStart);
  if (traceTo) await context.tracing.stop({ path: traceTo });
  await context.close();
  return {
    page: which,
    coldFirstFrameMs: firstFrame,
    swipeToFrameMs: swipeToFrame,
    keyToFrameMs: keyToFrame,
    longTasks: during.length,
    longestTaskMs: during.reduce((m, t) => Math.max(m, t.duration), 0),
    totalBlockingMs: during.reduce((s, t) => s + Math.max(0, t.duration - TARGETS.longTaskMs), 0),
    heapEarly,
    heapLate,
    initialJsGzipBytes: js.page,
    workerJsGzipBytes: js.worker,
    failedSwipes: failed,
  };
}

interface PageVisit {
  page: string;
  path: string;
  readyMs: number | null;
  jsGzipBytes: number;
}

/**
 * Issue 5: the first-visit cost of each non-feed page, in a cold context under
 * the same throttling: time from navigation to the page's content being on
 * screen, and the JS (gzipped) the page needed until then (its lazy chunk
 * included; the feed's and the shell's code is shared).
 */
async function visitPage(browser: Browser, base: string, page: string, path: string, ready: string): Promise<PageVisit> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  await context.addInitScript({ content: probeScript });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await tab.goto(`${base}/robots.txt`);
  await throttle(cdp);
  await tab.goto(`${base}${path}`, { waitUntil: 'commit' });
  const readyMs = await tab
    .waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : 0), ready, { timeout: 120_000, polling: 50 })
    .then((h) => h.jsonValue() as Promise<number>, () => null);
  const js = await jsBytes(tab, base, readyMs ?? Number.POSITIVE_INFINITY);
  await context.close();
  return { page, path, readyMs, jsGzipBytes: js.page };
}

async function pageVisits(browser: Browser, base: string): Promise<PageVisit[]> {
  const list = (await (await fetch(`${base}/api.php/provide/vod/?ac=list&pg=1&limit=1`)).json()) as { list: { vod_id: number; type_id: number }[] };
  const first = list.list[0];
  const visits: [string, string, string][] = [
    ['discover', '/?n=discover', '[data-testid=discover-section]'],
    ['search', '/?n=search&q=Cidade', '[data-testid=video-card]'],
    ['category', `/?n=category&c=${first.type_id}`, '[data-testid=video-card]'],
    ['video-detail', `/?n=video-detail&vid=${first.vod_id}`, '[data-testid=detail-title]'],
    ['video-play', `/?n=video-play&vid=${first.vod_id}&route=0&episode=0`, '[data-testid=play-title]'],
    ['navigation', '/?n=navigation', '[data-testid=promotion-slot]'],
  ];
  const out: PageVisit[] = [];
  for (const [page, path, ready] of visits) {
    process.stderr.write(`first visit of ${page}...\n`);
    out.push(await visitPage(browser, base, page, path, ready));
  }
  return out;
}

const dataMb = (h: HeapFigure | null) => (h ? h.mb - h.codeMb : null);
const fmt = (v: number | null, digits = 0) => (v === null || !Number.isFinite(v) ? 'n/a' : v.toFixed(digits));

const server = await startRealServer(root, e2eServerEnv, (line) => process.stderr.write(`[server] ${line}\n`));
// The baseline page and its hls.js (the same light build the app ships) go into the built app's folder.
const baselineDir = path.join(root, 'dist', BASELINE_DIR);
mkdirSync(baselineDir, { recursive: true });
writeFileSync(path.join(baselineDir, 'baseline.html'), baselineHtml);
writeFileSync(path.join(baselineDir, 'baseline.js'), baselineScript);
copyFileSync(path.join(root, 'node_modules/hls.js/dist/hls.light.min.js'), path.join(baselineDir, 'hls.light.min.js'));
precompressDist(baselineDir);
const browser = await chromium.launch({ executablePath: await chromiumExecutable(), args: chromiumArgs });
mkdirSync(path.join(here, 'results'), { recursive: true });
let results: RunResult[];
let visits: PageVisit[] = [];
try {
  process.stderr.write('baseline page...\n');
  const baseline = await run(browser, server.url, 'baseline');
  process.stderr.write('clipfeed...\n');
  const clipfeed = await run(browser, server.url, 'clipfeed', path.join(here, 'results', 'browser-trace.zip'));
  results = [clipfeed, baseline];
  visits = quick ? [] : await pageVisits(browser, server.url);
} finally {
  await browser.close();
  await server.stop();
  rmSync(baselineDir, { recursive: true, force: true });
}

const [app, base] = results;
const rows: [string, string, string][] = [
  ['(a) cold first frame, ms', fmt(app.coldFirstFrameMs), fmt(base.coldFirstFrameMs)],
  ['(b) swipe to first frame p50, ms', fmt(percentile(app.swipeToFrameMs, 50)), fmt(percentile(base.swipeToFrameMs, 50))],
  ['(b) swipe to first frame p95, ms', fmt(percentile(app.swipeToFrameMs, 95)), fmt(percentile(base.swipeToFrameMs, 95))],
  ['    key press to first frame p95, ms', fmt(percentile(app.keyToFrameMs, 95)), fmt(percentile(base.keyToFrameMs, 95))],
  ['(c) long tasks during swipes', String(app.longTasks), String(base.longTasks)],
  ['(c) longest task, ms', fmt(app.longestTaskMs), fmt(base.longestTaskMs)],
  ['(c) total blocking time, ms', fmt(app.totalBlockingMs), fmt(base.totalBlockingMs)],
  [`(d) JS heap after ${HEAP_EARLY} swipes, MB`, fmt(app.heapEarly?.mb ?? null, 2), fmt(base.heapEarly?.mb ?? null, 2)],
  [`(d) JS heap after ${HEAP_LATE} swipes, MB`, fmt(app.heapLate?.mb ?? null, 2), fmt(base.heapLate?.mb ?? null, 2)],
  [`    data (heap less compiled code) after ${HEAP_EARLY}, MB`, fmt(dataMb(app.heapEarly), 2), fmt(dataMb(base.heapEarly), 2)],
  [`    data (heap less compiled code) after ${HEAP_LATE}, MB`, fmt(dataMb(app.heapLate), 2), fmt(dataMb(base.heapLate), 2)],
  ['(e) initial JS (page), gzip kB', fmt(app.initialJsGzipBytes / 1024, 1), fmt(base.initialJsGzipBytes / 1024, 1)],
  ['    worker JS, gzip kB', fmt(app.workerJsGzipBytes / 1024, 1), fmt(base.workerJsGzipBytes / 1024, 1)],
  ['    swipes without a first frame', String(app.failedSwipes), String(base.failedSwipes)],
];
const width = Math.max(...rows.map((r) => r[0].length)) + 2;
const lines = [`${'figure'.padEnd(width)}${'clipfeed'.padStart(12)}${'baseline'.padStart(12)}`, '-'.repeat(width + 24)];
for (const [name, a, b] of rows) lines.push(`${name.padEnd(width)}${a.padStart(12)}${b.padStart(12)}`);

const p95 = percentile(app.swipeToFrameMs, 95);
const growth = app.heapEarly && app.heapLate ? app.heapLate.mb / app.heapEarly.mb - 1 : null;
const earlyData = dataMb(app.heapEarly);
const lateData = dataMb(app.heapLate);
const dataGrowth = earlyData && lateData ? lateData / earlyData - 1 : null;
const verdicts = {
  swipeP95: p95 !== null && p95 <= TARGETS.swipeP95Ms,
  noLongTasks: app.longTasks === 0,
  heapStable: growth !== null && growth <= TARGETS.heapGrowth,
  coldVsBaseline: app.coldFirstFrameMs !== null && base.coldFirstFrameMs !== null && app.coldFirstFrameMs <= base.coldFirstFrameMs,
};
lines.push('');
lines.push(`cold first frame ratio clipfeed/baseline: ${app.coldFirstFrameMs && base.coldFirstFrameMs ? (app.coldFirstFrameMs / base.coldFirstFrameMs).toFixed(2) : 'n/a'}x`);
lines.push(`targets: swipe p95 <= ${TARGETS.swipeP95Ms} ms: ${verdicts.swipeP95 ? 'MET' : 'NOT MET'}; no long task > ${TARGETS.longTaskMs} ms while swiping: ${verdicts.noLongTasks ? 'MET' : 'NOT MET'}; heap after ${HEAP_LATE} within ${TARGETS.heapGrowth * 100}% of after ${HEAP_EARLY}: ${verdicts.heapStable ? 'MET' : 'NOT MET'} (${growth === null ? 'n/a' : `${(growth * 100).toFixed(1)}%`}; data alone ${dataGrowth === null ? 'n/a' : `${(dataGrowth * 100).toFixed(1)}%`}); cold first frame no worse than baseline: ${verdicts.coldVsBaseline ? 'MET' : 'NOT MET'}`);
lines.push(`conditions: Chromium, ${CPU_THROTTLE}x CPU throttling, Slow 4G (${SLOW_4G.latency} ms, ${((SLOW_4G.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s), 412x823, ${quick ? 'quick' : 'full'} run`);
if (visits.length > 0) {
  lines.push('');
  lines.push(`first visit of each page (cold, same throttling)${' '.repeat(Math.max(0, width - 47))}${'ready ms'.padStart(12)}${'JS gzip kB'.padStart(12)}`);
  for (const v of visits) lines.push(`    ${v.page.padEnd(width - 4)}${fmt(v.readyMs).padStart(12)}${fmt(v.jsGzipBytes / 1024, 1).padStart(12)}`);
}
console.log(lines.join('\n'));
writeFileSync(
  path.join(here, 'results', 'browser.json'),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, quick, targets: TARGETS, verdicts, results, pageVisits: visits }, null, 1)}\n`,
);
console.log('wrote benchmarks/results/browser.json and benchmarks/results/browser-trace.zip');
