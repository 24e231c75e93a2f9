// The error panel's retry (spec 1 §4 "Player states"): a retry says
// '正在重新加载...'; if the same item fails again, the page reloads after 1 s
// with '加载失败，即将刷新页面...', once per session; a later failure only
// suggests refreshing ('重试失败，建议刷新页面'), so a video that never plays
// cannot put the page into a reload loop. Never while the server cannot be
// reached: the reload would leave the visitor on the browser's error page
// (the connection banner speaks, and the item is shown again when it answers).

import { connection } from '../../notices/connection';

export const retryFlowConfig = {
  reloadDelayMs: 1000, // the page reloads 1 s after the second failure (spec 1 §4)
  sessionKey: 'clipfeed_retry_reloaded', // set once the page has reloaded for a failed retry
} as const;

/** Whether the page already reloaded once this session for a failed retry. */
function reloadedThisSession(): boolean {
  try {
    return sessionStorage.getItem(retryFlowConfig.sessionKey) === '1';
  } catch {
    return false;
  }
}

function markReloaded(): void {
  try {
    sessionStorage.setItem(retryFlowConfig.sessionKey, '1');
  } catch {
    // Without storage the next failure reloads again; the visitor still decides each retry.
  }
}

export type RetryFailure = { kind: 'none' } | { kind: 'reload'; messageKey: string } | { kind: 'suggest-refresh'; messageKey: string };

/** What to do when `failedKey` fails; `retriedKey` is the item the visitor last retried. */
export function afterFailure(retriedKey: string | null, failedKey: string, reloadedBefore: boolean): RetryFailure {
  if (retriedKey !== failedKey) return { kind: 'none' };
  return reloadedBefore ? { kind: 'suggest-refresh', messageKey: 'player:retryFailedRefresh' } : { kind: 'reload', messageKey: 'player:reloadingPage' };
}

/** A failure of `failedKey`: when it is the item the visitor retried, say so and reload the page (once a session) or suggest a refresh. */
export function escalateFailure(
  retriedKey: string | null,
  failedKey: string,
  say: (messageKey: string) => void,
  reload: () => void = () => window.location.reload(),
  offline: () => boolean = () => connection.isOffline(),
): void {
  if (offline()) return;
  const outcome = afterFailure(retriedKey, failedKey, reloadedThisSession());
  if (outcome.kind === 'none') return;
  say(outcome.messageKey);
  if (outcome.kind !== 'reload') return;
  markReloaded();
  setTimeout(reload, retryFlowConfig.reloadDelayMs);
}
