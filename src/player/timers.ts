// Time for the player layer, injected so tests drive it (fake clocks in node).

export type TimerId = ReturnType<typeof setTimeout>;

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId | undefined): void;
}

export const realTimers: Timers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id),
};
