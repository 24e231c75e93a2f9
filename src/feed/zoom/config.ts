// Pinch-zoom and pan constants for the feed video (spec 3 §4, §5, §9).

export const zoomConfig = {
  // A pinch is recognised when the finger distance changes by more than 15 px (spec 3 §5).
  pinchThresholdPx: 15,
  // A one-finger pan is recognised above 8 px of movement (spec 3 §5).
  panThresholdPx: 8,
  // Scale is limited to 1-3 (spec 3 §5).
  minScale: 1,
  maxScale: 3,
  // Zoom snaps to these scales (spec 3 §4) ...
  snapScales: [1, 1.5, 2, 2.5, 3] as readonly number[],
  // ... when within this distance (spec 3 §9 gives 0.1-0.15; the upper end suits imprecise fingers).
  snapTolerance: 0.15,
  // Zoom (snap and reset) animation (spec 3 §9).
  zoomAnimationMs: 200,
  // Pan inertia after release (spec 3 §9).
  panInertiaMs: 300,
  // Not in spec: below this scale the video counts as not zoomed (float noise after a snap).
  zoomedEpsilon: 0.01,
} as const;
