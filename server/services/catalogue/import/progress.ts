// How far an import is, for people: plain lines every few seconds or pages
// (a log, a pipe, the server's stream), or a live bar on a terminal.

import cliProgress from 'cli-progress';
import { importConfig } from '../config';
import type { ImportProgress } from './run';

const rate = (pages: number, ms: number) => (ms > 0 ? (pages * 60_000) / ms : 0);

function eta(p: ImportProgress, pagesPerMin: number): string {
  if (p.pagesTotal === null || pagesPerMin <= 0) return '';
  const minutes = Math.max(0, p.pagesTotal - p.pagesDone) / pagesPerMin;
  return minutes < 1 ? ', under a minute left' : `, about ${Math.ceil(minutes)} min left`;
}

export function describeProgress(p: ImportProgress, pagesPerMin: number): string {
  const total = p.pagesTotal === null ? '' : ` of ${p.pagesTotal}`;
  const failed = p.failed > 0 ? `, ${p.failed} failed` : '';
  return `pages ${p.pagesDone}${total}${failed}, ${p.videos} videos, ${Math.round(pagesPerMin)} pages/min${eta(p, pagesPerMin)}`;
}

/** A progress handler writing a line every progressEveryMs or progressEveryPages, whichever comes first. */
export function progressLines(write: (line: string) => void, clock: () => number = Date.now): (p: ImportProgress) => void {
  const started = clock();
  let lastAt = started;
  let lastPages = 0;
  let firstPages: number | null = null;
  return (p) => {
    firstPages ??= p.pagesDone - 1;
    const now = clock();
    if (now - lastAt < importConfig.progressEveryMs && p.pagesDone - lastPages < importConfig.progressEveryPages) return;
    lastAt = now;
    lastPages = p.pagesDone;
    write(describeProgress(p, rate(p.pagesDone - firstPages, now - started)));
  };
}

export interface ProgressBar {
  update(p: ImportProgress): void;
  stop(): void;
}

/** A terminal bar: pages, videos, rate and time left. */
export function progressBar(stream: NodeJS.WriteStream): ProgressBar {
  const bar = new cliProgress.SingleBar(
    { stream, format: 'pages {bar} {value}/{total} | {videos} videos | {rate} pages/min | ETA {eta_formatted}', hideCursor: true, etaBuffer: 50 },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let first: number | null = null;
  let on = false;
  return {
    update(p) {
      first ??= p.pagesDone - 1;
      const payload = { videos: p.videos, rate: Math.round(rate(p.pagesDone - first, Date.now() - started)) };
      const total = p.pagesTotal ?? p.pagesDone + 1;
      if (!on) {
        bar.start(total, p.pagesDone, payload);
        on = true;
      } else {
        bar.setTotal(total);
        bar.update(p.pagesDone, payload);
      }
    },
    stop() {
      if (on) bar.stop();
    },
  };
}
