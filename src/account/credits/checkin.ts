// The daily check-in is a real server call (POST /api/v1/player/points/add,
// source daily_checkin): the server decides the amount and the day. Its
// answer becomes an outcome the screen shows: done (new balance, when it
// reopens), already done today (HTTP 409), or failed.

import type { PointsChange } from '../../api/player-schemas';
import type { AccountResult } from '../identity/account-errors';

export type CheckinOutcome =
  | { kind: 'done'; points: number; amount: number; reopensAt?: number }
  | { kind: 'already' }
  | { kind: 'failed'; retryable: boolean };

/** The server's answer to a repeated check-in on the same points day. */
const CONFLICT = 409;

export function checkinOutcome(result: AccountResult<PointsChange>): CheckinOutcome {
  if (result.ok) {
    const reopensAt = result.value.next_checkin_time ? Date.parse(result.value.next_checkin_time) : Number.NaN;
    return { kind: 'done', points: result.value.points, amount: result.value.amount, ...(Number.isFinite(reopensAt) ? { reopensAt } : {}) };
  }
  const cause = result.error.cause;
  if (cause && (cause.status ?? cause.apiCode) === CONFLICT) return { kind: 'already' };
  return { kind: 'failed', retryable: result.error.retryable };
}
