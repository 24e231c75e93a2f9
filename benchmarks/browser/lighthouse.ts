// Lighthouse from the bench (issue 17): the `lighthouse` package driving the
// bench's Chromium through chrome-launcher, mobile preset (simulated Slow 4G
// and 4x CPU from one unthrottled load), each page measured in several runs,
// each in a fresh Chrome. Scores vary by a few points between runs, so each
// figure's median is reported (figure by figure, not the median run). The
// last run's full report is kept (results/lighthouse-<page>.json) for its
// LCP element, request chains and main-thread tasks.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumExecutable } from '../../e2e/chromium';
import { benchConfig } from './config';
import { medianOf } from './stats';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const METRICS = { lcpMs: 'largest-contentful-paint', tbtMs: 'total-blocking-time', cls: 'cumulative-layout-shift', fcpMs: 'first-contentful-paint', mainThreadMs: 'mainthread-work-breakdown', bootupMs: 'bootup-time' } as const;
type Metric = keyof typeof METRICS;

export type LighthouseFigures = Record<Category, number | null> & Record<Metric, number | null>;

export interface LighthousePage {
  page: string;
  path: string;
  runs: LighthouseFigures[];
  median: LighthouseFigures;
  /** Failed audits of the non-performance categories in the last run (what stands between them and 100). */
  failing: string[];
  version: string;
}

async function runOnce(url: string): Promise<{ figures: LighthouseFigures; failing: string[]; version: string; report: unknown }> {
  const chrome = await chromeLauncher.launch({ chromePath: await chromiumExecutable(), chromeFlags: ['--headless=new', ...chromiumArgs] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const figures = {} as LighthouseFigures;
    for (const c of CATEGORIES) {
      const score = lhr.categories[c]?.score;
      figures[c] = typeof score === 'number' ? Math.round(score * 100) : null;
    }
    for (const [key, audit] of Object.entries(METRICS) as [Metric, string][]) figures[key] = lhr.audits[audit]?.numericValue ?? null;
    const failing: string[] = [];
    for (const c of CATEGORIES) {
      if (c === 'performance') continue;
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && typeof audit.score === 'number' && audit.score < 1) failing.push(`${c}: ${ref.id}`);
      }
    }
    return { figures, failing, version: lhr.lighthouseVersion, report: lhr };
  } finally {
    chrome.kill();
  }
}

export async function lighthousePages(base: string, pages: readonly (readonly [string, string])[], results: string): Promise<LighthousePage[]> {
  const out: LighthousePage[] = [];
  for (const [page, path] of pages) {
    const runs: LighthouseFigures[] = [];
    let failing: string[] = [];
    let version = '';
    for (let i = 0; i < benchConfig.lighthouseRuns; i++) {
      process.stderr.write(`lighthouse ${page} run ${i + 1}/${benchConfig.lighthouseRuns}...\n`);
      const once = await runOnce(`${base}${path}`);
      runs.push(once.figures);
      failing = once.failing;
      version = once.version;
      if (i === benchConfig.lighthouseRuns - 1) writeFileSync(join(results, `lighthouse-${page}.json`), JSON.stringify(once.report));
    }
    const median = {} as LighthouseFigures;
    for (const key of [...CATEGORIES, ...(Object.keys(METRICS) as Metric[])]) median[key] = medianOf(runs.map((r) => r[key]).filter((v): v is number => v !== null));
    out.push({ page, path, runs, median, failing, version });
  }
  return out;
}
