// Runs steps one per macrotask, so the work of a swipe (React's commit, the
// player switch, the bookkeeping after it) never adds up to one long task on
// a slow phone (bench target: no task over 50 ms while swiping). Returns a
// cancel for the steps not run yet (the item changed again in between).

export interface TaskScheduler {
  schedule(fn: () => void): unknown;
  cancel(handle: unknown): void;
}

const macrotasks: TaskScheduler = {
  schedule: (fn) => setTimeout(fn, 0),
  cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function runInTasks(steps: readonly (() => void)[], scheduler: TaskScheduler = macrotasks): () => void {
  let next = 0;
  let handle: unknown = null;
  let cancelled = false;
  const runNext = () => {
    handle = null;
    if (cancelled || next >= steps.length) return;
    steps[next++]();
    if (next < steps.length && !cancelled) handle = scheduler.schedule(runNext);
  };
  handle = scheduler.schedule(runNext);
  return () => {
    cancelled = true;
    if (handle !== null) scheduler.cancel(handle);
    handle = null;
  };
}
