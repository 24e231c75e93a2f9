// Progress bar maths. Pure: pointer positions, times and a clock in, numbers out.

export interface TrackRect {
  left: number;
  width: number;
}

function validDuration(duration: number): boolean {
  return Number.isFinite(duration) && duration > 0;
}

/** A seek target clamped to 0..duration (spec 1 §5); 0 when the duration is unknown. */
export function clampTime(time: number, duration: number): number {
  if (!validDuration(duration) || !Number.isFinite(time)) return 0;
  return Math.min(duration, Math.max(0, time));
}

/** The time under a pointer at clientX on the bar. */
export function timeAtPointer(clientX: number, rect: TrackRect, duration: number): number {
  if (!validDuration(duration) || !(rect.width > 0)) return 0;
  const ratio = (clientX - rect.left) / rect.width;
  return clampTime(ratio * duration, duration);
}

/** Played share in percent, clamped to 0-100 (spec 3 §5). */
export function percentOf(time: number, duration: number): number {
  if (!validDuration(duration) || !Number.isFinite(time)) return 0;
  return Math.min(100, Math.max(0, (time / duration) * 100));
}

/** m:ss, or h:mm:ss from one hour. */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export interface Throttle<T> {
  /** The value to send now, or undefined when it must wait (it is kept as pending). */
  offer(value: T): T | undefined;
  /** The pending value not sent yet, if any (call at the end of an interaction). */
  flush(): T | undefined;
  reset(): void;
}

/**
 * Leading-edge throttle without timers: the first value goes out at once, later
 * ones within `intervalMs` are held, the newest replacing older ones, and go
 * out with the next offer after the interval or at flush. A drag therefore
 * seeks at most every interval and always ends on the final position.
 */
export function createThrottle<T>(intervalMs: number, now: () => number): Throttle<T> {
  let lastSent = Number.NEGATIVE_INFINITY;
  let pending: { value: T } | null = null;
  return {
    offer(value) {
      const t = now();
      if (t - lastSent >= intervalMs) {
        lastSent = t;
        pending = null;
        return value;
      }
      pending = { value };
      return undefined;
    },
    flush() {
      const p = pending;
      pending = null;
      if (!p) return undefined;
      lastSent = now();
      return p.value;
    },
    reset() {
      pending = null;
      lastSent = Number.NEGATIVE_INFINITY;
    },
  };
}
