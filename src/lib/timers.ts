// One timer interface for the page's modules (issue 14): a clock and
// timeouts, injected so tests drive time by hand. Two real clocks: the
// monotonic one for durations (a clip's start watchdog, ad-skip locks) and the
// wall clock for times that are stored or compared across reloads (credential
// ages, lock timestamps).

export type TimerHandle = unknown;

export interface Timers {
  /** Milliseconds: monotonic (realTimers) or since the epoch (wallClockTimers). */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
}

const setTimer = (fn: () => void, ms: number): TimerHandle => globalThis.setTimeout(fn, ms);
const clearTimer = (handle: TimerHandle | undefined): void => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>);

/** Timeouts alone, for modules that read no clock. */
export type Timeouts = Pick<Timers, 'setTimeout' | 'clearTimeout'>;

/** The page's monotonic clock (performance.now): for durations. */
export const realTimers: Timers = { now: () => performance.now(), setTimeout: setTimer, clearTimeout: clearTimer };

/** The wall clock (Date.now): for times that are stored or compared across reloads. */
export const wallClockTimers: Timers = { now: () => Date.now(), setTimeout: setTimer, clearTimeout: clearTimer };

/** Resolves with `onTimeout()` if `promise` has not settled within `ms`. */
export function withTimeout<T>(timers: Timers, promise: Promise<T>, ms: number, onTimeout: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = timers.setTimeout(() => resolve(onTimeout()), ms);
    promise.then(
      (v) => {
        timers.clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        timers.clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
