// Progress bar constants (spec 1 §9, spec 3 §5, §9).

export const progressConfig = {
  // Seeks while dragging the bar are sent at most every 50 ms (spec 3 §9).
  seekThrottleMs: 50,
  // The displayed time follows the video at most every 250 ms (spec 1 §9).
  timeUpdateThrottleMs: 250,
  // Not in spec: arrow keys move 5 s, the usual media-player step.
  keyboardStepS: 5,
} as const;
