// When to ask the server for the balance (spec 1 §4, §9): a poll every 30 s
// while the identity is initialised, every 60 s while it is not (the poll then
// retries the init), none while the page is hidden; automatic queries at most
// every 30 s (a watch answer counts as a fresh balance); a manual refresh at
// most every 30 s.

import { pointsConfig } from './config';

export type RefreshKind = 'poll' | 'manual';

export class BalanceRefreshPolicy {
  private lastFreshAt: number | null = null;
  private lastManualAt: number | null = null;

  constructor(private readonly now: () => number) {}

  /** Delay to the next poll, or null for no polling. */
  nextPollDelay(state: { visible: boolean; initialised: boolean }): number | null {
    if (!state.visible) return null;
    return state.initialised ? pointsConfig.pollInitialisedMs : pointsConfig.pollVisibleMs;
  }

  /** Whether a query of this kind may go now; a manual one allowed is noted. */
  allow(kind: RefreshKind): boolean {
    const now = this.now();
    if (kind === 'manual') {
      if (this.lastManualAt !== null && now - this.lastManualAt < pointsConfig.manualRefreshThrottleMs) return false;
      this.lastManualAt = now;
      return true;
    }
    return this.lastFreshAt === null || now - this.lastFreshAt >= pointsConfig.queryThrottleMs;
  }

  /** The balance just came from the server (a query, a watch answer, an init). */
  noteFresh(): void {
    this.lastFreshAt = this.now();
  }

  /** Milliseconds until a manual refresh is allowed again (0 when it is). */
  manualWaitMs(): number {
    if (this.lastManualAt === null) return 0;
    return Math.max(0, pointsConfig.manualRefreshThrottleMs - (this.now() - this.lastManualAt));
  }
}
