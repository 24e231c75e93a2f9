// Staged loading text (spec 1 §2): the spinner's message changes as the wait
// grows, and stays on the last stage. Pure.

/** Index of the stage to show after `elapsedMs`. */
export function stageAt(elapsedMs: number, stageCount: number, stageMs: number): number {
  if (stageCount <= 0) return -1;
  if (!(stageMs > 0) || !(elapsedMs > 0)) return 0;
  return Math.min(stageCount - 1, Math.floor(elapsedMs / stageMs));
}

/** Default stages for video loading (keys of the 'ui' namespace). */
export const VIDEO_LOADING_STAGES: readonly string[] = ['ui:loading.connecting', 'ui:loading.preparing', 'ui:loading.almost', 'ui:loading.slow'];
