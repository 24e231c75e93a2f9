// The initialisation lock (spec 1 §4): one holder at a time; a holder that
// keeps it past 60 s is forced out (its release then does nothing); a waiter
// that gets no turn within 30 s gives up with LOCK_TIMEOUT.

import { AccountErrorCode, accountError, type AccountResult } from './account-errors';
import { identityConfig } from './config';
import type { Timers, TimerHandle } from '../../lib/timers';

export type Release = () => void;

interface Waiter {
  grant(release: Release): void;
  timer: TimerHandle;
}

export interface InitLockOptions {
  forceReleaseMs?: number;
  waitTimeoutMs?: number;
}

export class InitLock {
  private holder = 0;
  private holderTimer: TimerHandle | null = null;
  private nextId = 0;
  private readonly queue: Waiter[] = [];
  private readonly forceReleaseMs: number;
  private readonly waitTimeoutMs: number;
  /** How many holders were forced out (for diagnostics and tests). */
  forcedReleases = 0;

  constructor(
    private readonly scheduler: Timers,
    options: InitLockOptions = {},
  ) {
    this.forceReleaseMs = options.forceReleaseMs ?? identityConfig.lockForceReleaseMs;
    this.waitTimeoutMs = options.waitTimeoutMs ?? identityConfig.lockWaitTimeoutMs;
  }

  get held(): boolean {
    return this.holder !== 0;
  }

  acquire(): Promise<AccountResult<Release>> {
    if (!this.held) return Promise.resolve({ ok: true, value: this.grant() });
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: (release) => resolve({ ok: true, value: release }),
        timer: this.scheduler.setTimeout(() => {
          const i = this.queue.indexOf(waiter);
          if (i >= 0) this.queue.splice(i, 1);
          resolve({ ok: false, error: accountError(AccountErrorCode.LockTimeout, `No turn at the init lock within ${this.waitTimeoutMs / 1000} s.`, true) });
        }, this.waitTimeoutMs),
      };
      this.queue.push(waiter);
    });
  }

  private grant(): Release {
    const id = ++this.nextId;
    this.holder = id;
    this.holderTimer = this.scheduler.setTimeout(() => {
      this.forcedReleases++;
      this.release(id);
    }, this.forceReleaseMs);
    return () => this.release(id);
  }

  private release(id: number): void {
    if (this.holder !== id) return;
    if (this.holderTimer !== null) this.scheduler.clearTimeout(this.holderTimer);
    this.holder = 0;
    this.holderTimer = null;
    const next = this.queue.shift();
    if (next) {
      this.scheduler.clearTimeout(next.timer);
      next.grant(this.grant());
    }
  }
}
