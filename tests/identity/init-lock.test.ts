import { describe, expect, it } from 'vitest';
import { AccountErrorCode } from '../../src/account/identity/account-errors';
import { InitLock } from '../../src/account/identity/init-lock';
import { fakeScheduler } from './helpers/fake-scheduler';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('init lock', () => {
  it('hands the lock over in order when released', async () => {
    const s = fakeScheduler();
    const lock = new InitLock(s);
    const first = await lock.acquire();
    const order: string[] = [];
    const second = lock.acquire().then((r) => (order.push('second'), r));
    await flush();
    expect(order).toEqual([]);
    if (!first.ok) throw new Error('no lock');
    first.value();
    const got = await second;
    expect(got.ok).toBe(true);
    expect(order).toEqual(['second']);
    expect(lock.held).toBe(true);
  });

  it('gives up a waiter after 30 s with LOCK_TIMEOUT (等待锁超时)', async () => {
    const s = fakeScheduler();
    const lock = new InitLock(s, { forceReleaseMs: 120_000 });
    await lock.acquire();
    const waiter = lock.acquire();
    s.advance(29_999);
    await flush();
    s.advance(1);
    const r = await waiter;
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(AccountErrorCode.LockTimeout);
      expect(r.error.messageKey).toBe('account:lockTimeout');
    }
  });

  it('force-releases a holder after 60 s; its late release does not free the next holder', async () => {
    const s = fakeScheduler();
    const lock = new InitLock(s, { waitTimeoutMs: 120_000 });
    const stuck = await lock.acquire();
    const next = lock.acquire();
    s.advance(60_000);
    const got = await next;
    expect(got.ok).toBe(true);
    expect(lock.forcedReleases).toBe(1);
    if (stuck.ok) stuck.value();
    expect(lock.held).toBe(true);
    if (got.ok) got.value();
    expect(lock.held).toBe(false);
    expect(s.pending()).toBe(0);
  });
});
