import { describe, expect, it } from 'vitest';
import { checkinOutcome } from '../../src/account/credits/checkin';
import { inviteLink } from '../../src/account/credits/invite-link';
import { checkSpend } from '../../src/account/credits/spend';
import { amountText, checkedInToday, earnedFromWatchingToday, toCreditTransaction } from '../../src/account/credits/transactions';
import { accountError, AccountErrorCode, fromApiError } from '../../src/account/identity/account-errors';
import { apiError, HttpErrorCode } from '../../src/api/http';

const row = (over: Partial<Parameters<typeof toCreditTransaction>[0]> = {}) => ({
  id: 1,
  type: 'earn',
  amount: 10,
  source: 'daily_checkin',
  description: 'Daily check-in',
  timestamp: new Date(2025, 2, 10, 9).toISOString(),
  ...over,
});

describe('history lines from the server ledger', () => {
  it('signs amounts by type and labels known sources', () => {
    const earn = toCreditTransaction(row());
    expect(earn).toMatchObject({ id: '1', kind: 'earn', amount: 10, labelKey: 'credits:history.sources.checkin' });
    expect(amountText(earn)).toBe('+10');
    const spend = toCreditTransaction(row({ id: 2, type: 'spend', amount: 1000, source: 'partner_signup', description: 'Partner account w667_x opened' }));
    expect(spend.amount).toBe(-1000);
    expect(amountText(spend)).toBe('-1k');
    expect(spend.labelKey).toBe('credits:history.sources.partner');
    // A recharge shows the money paid for its points; without the payment's money, its points.
    const recharge = toCreditTransaction(row({ type: 'recharge', amount: 1000, source: 'payment_recharge', money: { amount_cents: 1990, currency: 'BRL' } }));
    expect(recharge).toMatchObject({ kind: 'recharge', amount: 1000, money: 19.9, labelKey: 'credits:history.sources.recharge' });
    expect(amountText(recharge)).toBe('BRL 19.90');
    expect(amountText(toCreditTransaction(row({ type: 'recharge', amount: 25, source: 'pix' })))).toBe('+25');
  });

  it('an unknown source shows the server description as text; a bad time is null', () => {
    const odd = toCreditTransaction(row({ source: 'promo_code', description: '<b>Bonus</b>', timestamp: 'not a date' }));
    expect(odd.labelKey).toBeNull();
    expect(odd.description).toBe('<b>Bonus</b>');
    expect(odd.at).toBeNull();
    expect(toCreditTransaction(row({ description: null, source: 'x' })).description).toBe('x');
  });

  it("finds today's watch reward and check-in by local date", () => {
    const now = new Date(2025, 2, 10, 20).getTime();
    const list = [
      toCreditTransaction(row({ id: 3, source: 'video_watch', amount: 100, timestamp: new Date(2025, 2, 9, 22).toISOString() })),
      toCreditTransaction(row({ id: 4, source: 'daily_checkin', timestamp: new Date(2025, 2, 10, 8).toISOString() })),
    ];
    expect(earnedFromWatchingToday(list, now)).toBe(false);
    expect(checkedInToday(list, now)).toBe(true);
    list.push(toCreditTransaction(row({ id: 5, source: 'video_watch', amount: 100, timestamp: new Date(2025, 2, 10, 19).toISOString() })));
    expect(earnedFromWatchingToday(list, now)).toBe(true);
  });
});

describe('spending (spec 2 §5)', () => {
  it('needs the balance to cover the amount; the balance never goes below 0', () => {
    expect(checkSpend(1000, 1000)).toEqual({ ok: true, balanceAfter: 0 });
    expect(checkSpend(1500, 1000)).toEqual({ ok: true, balanceAfter: 500 });
    expect(checkSpend(999, 1000)).toEqual({ ok: false, code: 'insufficientBalance', needed: 1 });
    expect(checkSpend(null, 1000)).toEqual({ ok: false, code: 'insufficientBalance', needed: 1000 });
    expect(checkSpend(-5, 0)).toEqual({ ok: true, balanceAfter: 0 });
  });
});

describe('check-in outcome', () => {
  it('done with the server balance and when it reopens', () => {
    const next = '2025-03-11T09:00:00.000Z';
    expect(checkinOutcome({ ok: true, value: { points: 110, amount: 10, source: 'daily_checkin', next_checkin_time: next } })).toEqual({
      kind: 'done',
      points: 110,
      amount: 10,
      reopensAt: Date.parse(next),
    });
  });

  it('409 means already checked in; anything else failed', () => {
    const conflict = fromApiError(apiError(HttpErrorCode.Http, 'HTTP 409: Conflict', false, { status: 409, apiCode: 409 }));
    expect(checkinOutcome({ ok: false, error: conflict })).toEqual({ kind: 'already' });
    const down = fromApiError(apiError(HttpErrorCode.Network, 'Network error', true));
    expect(checkinOutcome({ ok: false, error: down })).toEqual({ kind: 'failed', retryable: true });
    expect(checkinOutcome({ ok: false, error: accountError(AccountErrorCode.InitFailed, 'no identity', false) })).toEqual({ kind: 'failed', retryable: false });
  });
});

describe('invite link', () => {
  it("carries the player's id in ?invite=", () => {
    expect(inviteLink('https://app.example', 'P0123abcd')).toBe('https://app.example/?invite=P0123abcd');
    expect(inviteLink('https://app.example', null)).toBe('https://app.example/');
  });
});
