// A small timing helper: warm-up first, then many timed runs, median reported.
// Time comes from process.hrtime.bigint (monotonic, ns).

export interface Measurement {
  name: string;
  iterations: number;
  medianMs: number;
  meanMs: number;
  minMs: number;
  p90Ms: number;
}

export interface MeasureOptions {
  /** Warm-up runs before timing (at least this many, and at least warmupMs). */
  warmupIterations?: number;
  warmupMs?: number;
  /** Timed runs: at least minIterations and at least minTimeMs, at most maxIterations. */
  minIterations?: number;
  minTimeMs?: number;
  maxIterations?: number;
}

/** Results are folded in here so the optimizer cannot drop the measured work. */
let sink = 0;
export function consume(value: unknown): void {
  if (typeof value === 'string') sink += value.length;
  else if (Array.isArray(value)) sink += value.length;
  else if (value && typeof value === 'object') sink += 1;
}
export function sinkValue(): number {
  return sink;
}

const nowNs = (): bigint => process.hrtime.bigint();

export function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function measure(name: string, fn: () => unknown, options: MeasureOptions = {}): Measurement {
  const warmupIterations = options.warmupIterations ?? 5;
  const warmupMs = options.warmupMs ?? 200;
  const minIterations = options.minIterations ?? 20;
  const minTimeMs = options.minTimeMs ?? 1000;
  const maxIterations = options.maxIterations ?? 10_000;

  const warmStart = nowNs();
  for (let i = 0; i < warmupIterations || Number(nowNs() - warmStart) / 1e6 < warmupMs; i++) consume(fn());

  const times: number[] = [];
  const start = nowNs();
  while (times.length < maxIterations && (times.length < minIterations || Number(nowNs() - start) / 1e6 < minTimeMs)) {
    const t0 = nowNs();
    const out = fn();
    const t1 = nowNs();
    consume(out);
    times.push(Number(t1 - t0) / 1e6);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    iterations: times.length,
    medianMs: median(sorted),
    meanMs: times.reduce((a, b) => a + b, 0) / times.length,
    minMs: sorted[0],
    p90Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))],
  };
}

export interface PairedRatio {
  rounds: number;
  /** Median of the per-round ratios a/b. */
  medianRatio: number;
  /** 10th and 90th percentile of the per-round ratios. */
  p10: number;
  p90: number;
}

/**
 * Times `a` and `b` in alternating rounds (a b, then b a) after a shared warm-up
 * and reports the median of the per-round ratios a/b. Both sides see the same
 * machine state (other load, CPU frequency, GC pressure) in each round, so the
 * ratio holds steady where two separately measured medians drift.
 */
export function measureRatio(a: () => unknown, b: () => unknown, options: MeasureOptions = {}): PairedRatio {
  const warmupIterations = options.warmupIterations ?? 5;
  const minIterations = options.minIterations ?? 20;
  const minTimeMs = options.minTimeMs ?? 1000;
  const maxIterations = options.maxIterations ?? 10_000;
  for (let i = 0; i < warmupIterations; i++) {
    consume(a());
    consume(b());
  }
  const time = (fn: () => unknown): number => {
    const t0 = nowNs();
    const out = fn();
    const t1 = nowNs();
    consume(out);
    return Number(t1 - t0);
  };
  const ratios: number[] = [];
  const start = nowNs();
  while (ratios.length < maxIterations && (ratios.length < minIterations || Number(nowNs() - start) / 1e6 < minTimeMs)) {
    let ta: number;
    let tb: number;
    if (ratios.length % 2 === 0) {
      ta = time(a);
      tb = time(b);
    } else {
      tb = time(b);
      ta = time(a);
    }
    ratios.push(ta / tb);
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
  return { rounds: ratios.length, medianRatio: median(sorted), p10: at(0.1), p90: at(0.9) };
}
