// Haptic feedback where supported (spec 1 §2 tab taps 50 ms; spec 3 §9 credits
// pattern 100-50-100). Never throws: some browsers reject vibrate without a gesture.

import { uiConfig } from './config';

type Vibrator = { vibrate?: (pattern: number | number[]) => boolean };

export function vibrate(pattern: number | readonly number[] = uiConfig.tabVibrationMs, nav: Vibrator | undefined = globalThis.navigator as Vibrator | undefined): boolean {
  if (!nav || typeof nav.vibrate !== 'function') return false;
  try {
    return nav.vibrate(typeof pattern === 'number' ? pattern : [...pattern]);
  } catch {
    return false;
  }
}
