// Time behind an interface: every timer and clock read of the account area
// goes through it, so tests drive time by hand.

export type TimerHandle = unknown;

export interface Scheduler {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Resolves with `onTimeout()` if `promise` has not settled within `ms`. */
export function withTimeout<T>(scheduler: Scheduler, promise: Promise<T>, ms: number, onTimeout: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = scheduler.setTimeout(() => resolve(onTimeout()), ms);
    promise.then(
      (v) => {
        scheduler.clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        scheduler.clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
