// The printed table of `npm run bench:browser`: every figure with clipfeed's
// value, the baseline's (same run), the target and MET / NOT MET, and the
// verdicts by name for the JSON.

import { benchConfig, targets } from './config';
import { dataMb, type HeapFigure } from './heap';
import type { LighthousePage } from './lighthouse';
import type { PageVisit } from './page-visits';
import type { RepeatVisit } from './repeat-visit';
import { percentile } from './stats';
import { blockingMs, longestMs, type SwipeRun } from './swipe-run';

export interface BrowserBench {
  lighthouse: LighthousePage[];
  clipfeed: SwipeRun | null;
  baseline: SwipeRun | null;
  /** The second and later long-task runs (the main session is the first). */
  longTaskRuns: SwipeRun[];
  rapid: SwipeRun | null;
  repeat: RepeatVisit | null;
  visits: PageVisit[];
}

type Verdict = 'MET' | 'NOT MET' | 'n/a';
type Row = [figure: string, clipfeed: string, baseline: string, target: string, verdict: Verdict | ''];

const fmt = (v: number | null | undefined, digits = 0) => (v === null || v === undefined || !Number.isFinite(v) ? 'n/a' : v.toFixed(digits));
const judge = (ok: boolean | null): Verdict => (ok === null ? 'n/a' : ok ? 'MET' : 'NOT MET');
const atMost = (v: number | null | undefined, limit: number): boolean | null => (v === null || v === undefined ? null : v <= limit);
const atLeast = (v: number | null | undefined, limit: number): boolean | null => (v === null || v === undefined ? null : v >= limit);
const kB = (bytes: number | undefined) => (bytes === undefined ? null : bytes / 1024);
const heapAt = (run: SwipeRun | null, n: number): HeapFigure | null => run?.heap.find((h) => h.afterSwipes === n)?.figure ?? null;
const growth = (from: number | null, to: number | null) => (from && to ? to / from - 1 : null);
const pct = (v: number | null) => (v === null ? 'n/a' : `${(v * 100).toFixed(1)}%`);

function lighthouseRows(pages: readonly LighthousePage[], verdicts: Record<string, Verdict>): Row[] {
  const rows: Row[] = [];
  for (const p of pages) {
    const m = p.median;
    const add = (key: string, figure: string, value: string, target: string, ok: boolean | null) => {
      verdicts[`lighthouse.${p.page}.${key}`] = judge(ok);
      rows.push([`${p.page}: ${figure}`, value, '', target, judge(ok)]);
    };
    add('performance', 'performance', fmt(m.performance), `>= ${targets.lighthousePerformance}`, atLeast(m.performance, targets.lighthousePerformance));
    add('accessibility', 'accessibility', fmt(m.accessibility), `${targets.lighthouseOther}`, atLeast(m.accessibility, targets.lighthouseOther));
    add('bestPractices', 'best practices', fmt(m['best-practices']), `${targets.lighthouseOther}`, atLeast(m['best-practices'], targets.lighthouseOther));
    add('seo', 'SEO', fmt(m.seo), `${targets.lighthouseOther}`, atLeast(m.seo, targets.lighthouseOther));
    add('lcp', 'LCP, ms', fmt(m.lcpMs), `<= ${targets.lcpMs}`, atMost(m.lcpMs, targets.lcpMs));
    add('tbt', 'TBT, ms', fmt(m.tbtMs), `<= ${targets.tbtMs}`, atMost(m.tbtMs, targets.tbtMs));
    add('cls', 'CLS', fmt(m.cls, 3), `${targets.cls}`, atMost(m.cls, targets.cls));
    rows.push([`${p.page}: FCP, ms`, fmt(m.fcpMs), '', '', '']);
    rows.push([`${p.page}: main-thread work / JS bootup, ms`, `${fmt(m.mainThreadMs)} / ${fmt(m.bootupMs)}`, '', '', '']);
  }
  return rows;
}

function swipeRows(b: BrowserBench, verdicts: Record<string, Verdict>): Row[] {
  const app = b.clipfeed;
  const base = b.baseline;
  const rows: Row[] = [];
  const add = (key: string | null, figure: string, a: string, z: string, target: string, ok: boolean | null) => {
    if (key) verdicts[key] = judge(ok);
    rows.push([figure, a, z, target, key ? judge(ok) : '']);
  };
  const ratio = app?.coldFirstFrameMs && base?.coldFirstFrameMs ? app.coldFirstFrameMs / base.coldFirstFrameMs : null;
  add(null, 'cold first frame, ms', fmt(app?.coldFirstFrameMs), fmt(base?.coldFirstFrameMs), '', null);
  add('coldRatio', '    ratio clipfeed / baseline', ratio === null ? 'n/a' : `${ratio.toFixed(2)}x`, '', `<= ${targets.coldRatio}x`, atMost(ratio, targets.coldRatio));
  add('somethingOnScreen', 'cold: poster or frame on screen, ms', fmt(app?.coldVisualMs), fmt(base?.coldVisualMs), `<= ${targets.somethingOnScreenMs}`, atMost(app?.coldVisualMs, targets.somethingOnScreenMs));
  const p95 = percentile(app?.swipeToFrameMs ?? [], 95);
  add(null, `swipe to first frame p50 (${benchConfig.dwellMs / 1000} s dwell), ms`, fmt(percentile(app?.swipeToFrameMs ?? [], 50)), fmt(percentile(base?.swipeToFrameMs ?? [], 50)), '', null);
  add('swipeP95', `swipe to first frame p95 (${benchConfig.dwellMs / 1000} s dwell), ms`, fmt(p95), fmt(percentile(base?.swipeToFrameMs ?? [], 95)), `<= ${targets.swipeP95Ms}`, atMost(p95, targets.swipeP95Ms));
  add(null, `swipe to first frame p95 (${benchConfig.rapidDwellMs / 1000} s dwell), ms`, fmt(percentile(b.rapid?.swipeToFrameMs ?? [], 95)), 'not run', '', null);
  add(null, '    key press to first frame p95 (2.5 s dwell), ms', fmt(percentile(app?.keyToFrameMs ?? [], 95)), fmt(percentile(base?.keyToFrameMs ?? [], 95)), '', null);
  const landings = b.rapid?.landingVisibleMs ?? [];
  const worst = landings.length === 0 ? null : landings.some((v) => v === null) ? Number.POSITIVE_INFINITY : Math.max(...(landings as number[]));
  const over = landings.filter((v) => v === null || v > targets.landingVisibleMs).length;
  add('rapidLandingVisible', `landing to poster or frame, worst of ${landings.length} (1 s dwell), ms`, worst === Number.POSITIVE_INFINITY ? 'never' : fmt(worst), 'not run', `<= ${targets.landingVisibleMs} each`, landings.length === 0 ? null : over === 0);
  add(null, `    landings over ${targets.landingVisibleMs} ms (1 s dwell)`, String(over), '', '', null);
  const mainLandings = (app?.landingVisibleMs ?? []).filter((v): v is number => v !== null);
  add(null, '    landing to poster or frame p95 (2.5 s dwell), ms', fmt(percentile(mainLandings, 95)), fmt(percentile((base?.landingVisibleMs ?? []).filter((v): v is number => v !== null), 95)), '', null);
  const runs = [app, ...b.longTaskRuns].filter((r): r is SwipeRun => r !== null);
  runs.forEach((run, i) => {
    add(`longTasksRun${i + 1}`, `long tasks > ${targets.longTaskMs} ms while swiping, run ${i + 1} (longest, ms)`, `${run.longTasks.length} (${fmt(longestMs(run))})`, i === 0 && base ? `${base.longTasks.length} (${fmt(longestMs(base))})` : '', '0', run.longTasks.length === 0);
  });
  add(null, '    total blocking time, run 1, ms', fmt(app ? blockingMs(app) : null), fmt(base ? blockingMs(base) : null), '', null);
  const [early, late, last] = benchConfig.heapAt;
  for (const n of benchConfig.heapAt) add(null, `JS heap after ${n} swipes, MB`, fmt(heapAt(app, n)?.mb, 2), fmt(heapAt(base, n)?.mb, 2), '', null);
  for (const n of [early, late]) add(null, `data heap (less compiled code) after ${n} swipes, MB`, fmt(dataMb(heapAt(app, n)), 2), fmt(dataMb(heapAt(base, n)), 2), '', null);
  const dataGrowth = growth(dataMb(heapAt(app, early)), dataMb(heapAt(app, late)));
  const totalGrowth = growth(heapAt(app, late)?.mb ?? null, heapAt(app, last)?.mb ?? null);
  add('dataHeap', `    data heap growth ${early} -> ${late} swipes`, pct(dataGrowth), pct(growth(dataMb(heapAt(base, early)), dataMb(heapAt(base, late)))), `<= ${targets.heapGrowth * 100}%`, atMost(dataGrowth, targets.heapGrowth));
  add('totalHeap', `    total heap growth ${late} -> ${last} swipes`, pct(totalGrowth), pct(growth(heapAt(base, late)?.mb ?? null, heapAt(base, last)?.mb ?? null)), `<= ${targets.heapGrowth * 100}%`, atMost(totalGrowth, targets.heapGrowth));
  const [ab, bb] = [app?.bytes ?? null, base?.bytes ?? null];
  add('bytesPerSwipe', `total bytes per swipe (first ${benchConfig.bytesSwipes} swipes), kB`, fmt(kB(ab?.totalPerSwipe), 1), fmt(kB(bb?.totalPerSwipe), 1), '<= baseline', ab && bb ? ab.totalPerSwipe <= bb.totalPerSwipe : null);
  add(null, '    media bytes per swipe, kB', fmt(kB(ab?.mediaPerSwipe), 1), fmt(kB(bb?.mediaPerSwipe), 1), '', null);
  add(null, '    share of downloaded media never shown', pct(ab?.neverShownShare ?? null), pct(bb?.neverShownShare ?? null), '', null);
  add(null, '    media requests cut off (bytes not counted)', String(ab?.cutOffMediaRequests ?? 'n/a'), String(bb?.cutOffMediaRequests ?? 'n/a'), '', null);
  add(null, 'initial JS (page), gzip kB', fmt(kB(app?.initialJsGzipBytes), 1), fmt(kB(base?.initialJsGzipBytes), 1), '', null);
  add(null, '    worker JS, gzip kB', fmt(kB(app?.workerJsGzipBytes), 1), fmt(kB(base?.workerJsGzipBytes), 1), '', null);
  add(null, '    swipes without a first frame (all runs)', String(runs.reduce((s, r) => s + r.failedSwipes, 0) + (b.rapid?.failedSwipes ?? 0)), String(base?.failedSwipes ?? 'n/a'), '', null);
  const r = b.repeat;
  add('repeatVisit', `repeat visit (service worker: ${r?.serviceWorker ?? 'n/a'}): first frame, ms`, fmt(r?.firstFrameMs), '', `<= ${targets.repeatFirstFrameMs}`, atMost(r?.firstFrameMs, targets.repeatFirstFrameMs));
  add(null, '    its poster or frame on screen, ms / bytes over the wire, kB', `${fmt(r?.visualMs)} / ${fmt(kB(r?.bytes), 1)}`, '', '', null);
  return rows;
}

function table(rows: readonly Row[]): string[] {
  const width = Math.max(...rows.map((r) => r[0].length)) + 2;
  const head = `${'figure'.padEnd(width)}${'clipfeed'.padStart(14)}${'baseline'.padStart(14)}${'target'.padStart(16)}${'verdict'.padStart(10)}`;
  return [head, '-'.repeat(head.length), ...rows.map(([f, a, z, t, v]) => `${f.padEnd(width)}${a.padStart(14)}${z.padStart(14)}${t.padStart(16)}${v.padStart(10)}`)];
}

export function report(b: BrowserBench): { lines: string[]; verdicts: Record<string, Verdict> } {
  const verdicts: Record<string, Verdict> = {};
  const lines: string[] = [];
  if (b.lighthouse.length > 0) {
    lines.push(`Lighthouse ${b.lighthouse[0].version} mobile preset (simulated Slow 4G, 4x CPU), median of ${benchConfig.lighthouseRuns} run(s) per page`);
    lines.push(...table(lighthouseRows(b.lighthouse, verdicts)));
    for (const p of b.lighthouse) if (p.failing.length > 0) lines.push(`  ${p.page} failing audits: ${p.failing.join(', ')}`);
    lines.push('');
  }
  if (b.clipfeed) {
    lines.push(...table(swipeRows(b, verdicts)));
    const s4g = benchConfig.slow4g;
    lines.push(`conditions: Chromium, ${benchConfig.cpuThrottle}x CPU throttling, Slow 4G (${s4g.latency} ms, ${((s4g.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s), ${benchConfig.viewport.width}x${benchConfig.viewport.height}, ${benchConfig.quick ? 'quick' : 'full'} run`);
  }
  if (b.visits.length > 0) {
    lines.push('');
    lines.push(`first visit of each page (cold, same throttling)${'ready ms'.padStart(14)}${'JS gzip kB'.padStart(14)}`);
    for (const v of b.visits) lines.push(`    ${v.page.padEnd(44)}${fmt(v.readyMs).padStart(14)}${fmt(v.jsGzipBytes / 1024, 1).padStart(14)}`);
  }
  const met = Object.values(verdicts).filter((v) => v === 'MET').length;
  lines.push('', `targets met: ${met} of ${Object.keys(verdicts).length}`);
  return { lines, verdicts };
}
