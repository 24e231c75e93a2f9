// Centre tip rules (spec 3 §2): duration limited to 500-5000 ms, text capped at
// 100 characters as 97 plus an ellipsis. Pure.

import { uiConfig } from '../ui/config';

export function clampTipDuration(ms: number | undefined): number {
  if (ms === undefined || !Number.isFinite(ms)) return uiConfig.centerTipDefaultMs;
  return Math.min(uiConfig.centerTipMaxMs, Math.max(uiConfig.centerTipMinMs, ms));
}

/** Counts characters as code points, so an emoji or a CJK surrogate pair is never cut in half. */
export function capTipText(text: string): string {
  const chars = Array.from(text);
  if (chars.length <= uiConfig.centerTipMaxChars) return text;
  return chars.slice(0, uiConfig.centerTipKeepChars).join('') + uiConfig.ellipsis;
}
