// When the device fingerprint is read (issue 17). A reading draws and encodes
// a small canvas (about 30 ms on a slow phone) and an init takes up to four;
// run together at boot they made one long task beside the first clip's. So
// the first reading waits until a clip first plays (on pages without one, a
// while), and every reading runs in its own idle callback: no two share a task.

import { inIdle, whenFirstPlays } from '../../lib/first-play';
import { identityConfig } from './config';

export interface DevicePacing {
  /** Settles, in a task of its own, when the next fingerprint reading may run. */
  turn(): Promise<void>;
}

/** No waiting: where there is no page to keep smooth (tests, non-browser callers). */
export const immediatePacing: DevicePacing = { turn: () => Promise.resolve() };

/** The page's pacing: after the first play (waited for once), then one idle callback per reading. */
export function browserPacing(win: Window): DevicePacing {
  let firstPlay: Promise<void> | null = null;
  return {
    async turn() {
      firstPlay ??= whenFirstPlays(win, identityConfig.fingerprintLatestWithoutPlayMs).done;
      await firstPlay;
      await new Promise<void>((resolve) => inIdle(win, resolve, identityConfig.fingerprintIdleTimeoutMs));
    },
  };
}
