// Feed swiper constants. Spec 1 (§5, §9) and spec 3 (§5) disagree on the swipe
// rule; swipe-decision.ts explains how both are combined.

export const swiperConfig = {
  // A drag longer than this is a swipe on distance alone (spec 1 §9, spec 3 §5: 80 px).
  distanceThresholdPx: 80,
  // A shorter drag still counts when it is a flick: above 30 px ... (spec 1 §5)
  flickMinDistancePx: 30,
  // ... moving faster than 0.3 px/ms at release (spec 1 §5; spec 3's 0.2 is met by any such flick) ...
  flickMinVelocityPxPerMs: 0.3,
  // ... and lasting under 800 ms (spec 3 §5).
  flickMaxElapsedMs: 800,
  // Vertical movement must be more than 2x the horizontal (spec 3 §5).
  verticalDominance: 2,
  // Drag resistance towards a missing neighbour (rubber band) (spec 1 §9: damping 0.4).
  edgeDamping: 0.4,
  // Release animation, ease-out (spec 1 §4: 250-300 ms; §9: 300 ms).
  animationMs: 300,
  animationEasing: 'cubic-bezier(0.22, 0.61, 0.36, 1)',
  // Wheel events within 150 ms of the previous one are ignored (spec 1 §5, §9).
  wheelDebounceMs: 150,
  // Not in spec: wheel deltas this small are trackpad jitter, not a request to change video.
  wheelMinDelta: 10,
  // Touch is ignored within 100 ms after a swipe (spec 1 §5).
  touchIgnoreAfterSwipeMs: 100,
  // Not in spec: finger jitter on a tap is often 5-10 px; a press moving no further is a tap and its click (tap to pause) goes through.
  tapSlopPx: 10,
  // Not in spec: if the page has not moved to the new item this long after onSwipe, the slide returns.
  commitTimeoutMs: 600,
  // Spec 1 §9 'default swiper' (60 px, 250 ms, 0.5) for swipers other than the feed.
  genericSwiper: { distanceThresholdPx: 60, animationMs: 250, edgeDamping: 0.5 },
} as const;

export interface SwiperRules {
  distanceThresholdPx: number;
  flickMinDistancePx: number;
  flickMinVelocityPxPerMs: number;
  flickMaxElapsedMs: number;
  verticalDominance: number;
  edgeDamping: number;
}

export const gestureLoadConfig = {
  // Not in spec: the gesture library loads in idle time after the first clip plays; at the latest this long after the feed mounts (a clip that never plays).
  latestAfterMountMs: 5000,
  // Not in spec: the idle callback's own deadline once the clip plays.
  idleTimeoutMs: 1000,
} as const;
