// Where toasts may start so they never cover a top bar's controls (UI.md:
// "nothing covers what the visitor needs"). A page marks its top bar with the
// data-top-bar attribute (the feed's source bar, the video pages' header, the
// promotion header); its height varies (a second row of pills on a narrow
// phone, a subtitle and actions), so it is measured, not assumed. Pure.

export interface BarBox {
  top: number;
  bottom: number;
  height: number;
}

/**
 * The y below every marked bar in the upper half of the viewport, plus `gapPx`; null when none is on screen
 * (the stylesheet's band applies). A bar scrolled away or hidden (no height) does not count.
 */
export function clearanceBelow(bars: readonly BarBox[], viewportHeight: number, gapPx: number): number | null {
  let lowest: number | null = null;
  for (const bar of bars) {
    if (bar.height <= 0 || bar.bottom <= 0 || bar.top >= viewportHeight / 2) continue;
    lowest = Math.max(lowest ?? 0, bar.bottom);
  }
  return lowest === null ? null : Math.ceil(lowest + gapPx);
}
