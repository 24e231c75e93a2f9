// Every constant of `npm run bench:browser` (issues 4, 5 and 17): the emulated
// phone, the swipe sessions and the targets each figure is judged against.

const quick = process.argv.includes('--quick');
const pageAt = process.argv.indexOf('--page');

export const benchConfig = {
  /** --quick: shorter sessions, no page visits, one Lighthouse run per page. */
  quick,
  /** --lighthouse-only: the Lighthouse runs and nothing else. */
  lighthouseOnly: process.argv.includes('--lighthouse-only'),
  /** --page feed|discover: Lighthouse on that page only (null: both). */
  lighthousePage: pageAt >= 0 ? (process.argv[pageAt + 1] ?? null) : null,
  // Lighthouse's "4x slower CPU" of the mobile preset, applied to the page's main thread.
  cpuThrottle: 4,
  // Lighthouse "Slow 4G" (TOOLCHAIN.md): 150 ms RTT x 3.75, 1.6 Mbit/s x 0.9 down, 750 kbit/s x 0.9 up.
  slow4g: { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 },
  // A mid-size Android phone, CSS pixels.
  viewport: { width: 412, height: 823 },
  // A quick swiper looks at each clip a moment before moving on (real viewers stay longer, which only helps preloading).
  dwellMs: 2500,
  // A visitor flicking through (issue 17's rapid-swipe run).
  rapidDwellMs: 1000,
  // Swipes whose times are kept (swipe to first frame, landing to poster or frame).
  timedSwipes: quick ? 10 : 20,
  // Heap readings of the main session: data heap at the first two, total heap at the last two.
  heapAt: quick ? [5, 15, 30] : [5, 50, 100],
  // Bytes are counted from navigation to the end of this swipe's dwell, the same for both pages.
  bytesSwipes: quick ? 15 : 50,
  // Fresh-context sessions whose long tasks are counted (the main session is the first).
  longTaskRuns: 3,
  // Lighthouse runs per page; the median of each figure is reported.
  lighthouseRuns: quick ? 1 : 3,
  // The longest wait for one swipe's first frame before the swipe counts as failed.
  frameTimeoutMs: 60_000,
  // A repeat visit waits this long for a registered service worker to activate before the second visit.
  serviceWorkerWaitMs: 60_000,
} as const;

export const targets = {
  lighthousePerformance: 98,
  lighthouseOther: 100,
  lcpMs: 2000,
  tbtMs: 50,
  cls: 0,
  // Cold first frame, clipfeed / baseline in the same run.
  coldRatio: 0.6,
  // Cold: the poster or a frame on screen.
  somethingOnScreenMs: 1500,
  // Every landing of the rapid run shows the poster or the first frame within this.
  landingVisibleMs: 100,
  // Swipe (slide landed) to first frame, p95 of the 2.5 s-dwell session.
  swipeP95Ms: 150,
  longTaskMs: 50,
  // Data heap after the second reading within 5% of the first; total heap after the third within 5% of the second.
  heapGrowth: 0.05,
  repeatFirstFrameMs: 1500,
} as const;
