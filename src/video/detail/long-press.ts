// A press held for a set time (spec 2 §2.4 and spec 3 §2: 1 s on the back
// button shows a hint). The click that ends a long press is not a tap, so the
// button does not also go back. Timers are injected for tests.

import { realTimers, type Timeouts } from '../../lib/timers';

export interface LongPress {
  /** The pointer went down. */
  start(): void;
  /** The pointer went up, left or was cancelled. */
  cancel(): void;
  /** Called on click: true when this click ends a long press (and must be ignored). */
  takeLong(): boolean;
  dispose(): void;
}

export function createLongPress(ms: number, onLongPress: () => void, timers: Timeouts = realTimers): LongPress {
  let timer: unknown = null;
  let fired = false;
  const clear = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  return {
    start() {
      clear();
      fired = false;
      timer = timers.setTimeout(() => {
        timer = null;
        fired = true;
        onLongPress();
      }, ms);
    },
    cancel: clear,
    takeLong() {
      const was = fired;
      fired = false;
      return was;
    },
    dispose: clear,
  };
}
