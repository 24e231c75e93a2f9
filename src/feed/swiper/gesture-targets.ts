// Which pointer-down targets the swiper leaves alone (spec 1 §5): buttons,
// links, inputs and progress bars keep their own gestures, except inside the
// video area, which is always swipeable (a tap-to-pause wrapper there is still
// part of the video).

/** Elements whose touches are not intercepted by the swiper. */
export const NO_SWIPE_SELECTOR = 'button, a, input, select, textarea, label, [role="slider"], [role="button"], [contenteditable="true"], [data-no-swipe]';
/** Mark the element holding the video with this attribute. */
export const VIDEO_AREA_SELECTOR = '[data-video-area]';
/** Set by useZoomPan on a zoomed video: one-finger drags there pan, never swipe. */
export const ZOOMED_SELECTOR = '[data-zoomed]';

/** The few DOM methods used, so tests can pass plain objects. */
export interface TargetNode {
  closest(selector: string): TargetNode | null;
  contains(other: TargetNode | null): boolean;
}

export function isSwipeExempt(target: TargetNode | null): boolean {
  if (!target || typeof target.closest !== 'function') return false;
  if (target.closest(ZOOMED_SELECTOR)) return true;
  const exempt = target.closest(NO_SWIPE_SELECTOR);
  if (!exempt) return false;
  const videoArea = target.closest(VIDEO_AREA_SELECTOR);
  // Exempt only when the control sits inside the video area (or there is none);
  // a control that wraps the video area does not stop swiping on the video.
  return !(videoArea && exempt.contains(videoArea));
}

/** Keyboard events from text fields and sliders are theirs, not the swiper's. */
export function isKeyboardExempt(target: TargetNode | null): boolean {
  if (!target || typeof target.closest !== 'function') return false;
  return target.closest('input, select, textarea, [role="slider"], [contenteditable="true"], [data-no-swipe], [role="dialog"]') !== null;
}
