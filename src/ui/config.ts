// Shared UI constants (spec 1 §4/§9, spec 2 §4/§9, spec 3 §2/§9). Values the
// spec does not give are marked "not in spec" with the reason for the choice.

export const uiConfig = {
  // Centre tip shown for 2 s unless the caller asks otherwise (spec 1 §9).
  centerTipDefaultMs: 2000,
  // Centre tip duration is limited to 500-5000 ms (spec 3 §2).
  centerTipMinMs: 500,
  centerTipMaxMs: 5000,
  // Centre tip text is capped at 100 characters: 97 plus an ellipsis (spec 3 §2).
  centerTipMaxChars: 100,
  centerTipKeepChars: 97,
  ellipsis: '…',
  // Zoom tip shown for 3 s (spec 1 §9, spec 3 §2).
  zoomTipMs: 3000,
  // Reward: points animation 3.5 s, centre tip 5 s (spec 1 §4).
  rewardBurstMs: 3500,
  rewardTipMs: 5000,
  // Credits notices: centre notice 1.5 s, completion 2 s (spec 2 §4).
  creditsNoticeMs: 1500,
  creditsCompletionMs: 2000,
  // A credits toast offers 50 points unless told otherwise (spec 1 §3, spec 2 §9).
  creditsToastDefaultPoints: 50,
  // Not in spec: long enough to read a short sentence on a phone.
  toastDefaultMs: 3000,
  // Not in spec: errors stay a little longer so they can be read.
  toastErrorMs: 4500,
  // Not in spec: the hide transition runs this long before the toast leaves the list (matches --cf-dur-toast).
  toastExitMs: 200,
  // Not in spec: more than 3 stacked toasts would cover the video.
  toastMaxVisible: 3,
  // Not in spec: toasts keep this far below the lowest top bar on screen (elements marked data-top-bar).
  toastTopBarGapPx: 8,
  // Tab taps vibrate 50 ms (spec 1 §2); the credits screen uses 100-50-100 (spec 3 §9).
  tabVibrationMs: 50,
  creditsVibrationPattern: [100, 50, 100] as readonly number[],
  // Not in spec: each staged loading text stays this long before the next one.
  loadingStageMs: 2500,
} as const;

/** Catalogue pictures on cards (spec 2 §9). */
export const imageConfig = {
  lazyMarginPx: { 'safari-ios': 100, mobile: 100, desktop: 150 }, // lazy-load margin: 100 px on Safari or mobile, 150 px otherwise (spec 2 §9)
} as const;
