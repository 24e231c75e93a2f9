// points/add and points/subtract: the client names a server-known source; the
// amount is always the server's. A client amount that differs is refused, not
// corrected, so a tampered client learns nothing works.

import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { openOrFindAccount } from '../sso/sign-on';
import { PointsSource, TransactionType } from './config';
import { conflict, insufficientBalance } from './errors';
import { recordTransaction } from './ledger';
import { pointsDay, type DayRule } from './points-day';
import { lockPlayer, setPoints } from './players-repo';

export interface PointsChange {
  source: string;
  amount?: number;
}

export interface PointsChangeResult {
  points: number;
  amount: number;
  source: PointsSource;
  next_checkin_time?: string;
}

function requireAmount(source: string, expected: number, given: number | undefined): void {
  if (given !== undefined && given !== expected) {
    throw badRequest(`Amount refused: ${source} is worth ${expected} points, decided by the server (got ${given}).`, 'amountMismatch');
  }
}

export async function addPoints(db: Db, playerRef: number, change: PointsChange, rules: { checkinReward: number; day: DayRule }, clock: () => Date): Promise<PointsChangeResult> {
  if (change.source !== PointsSource.dailyCheckin) {
    const hint = change.source === PointsSource.videoWatch ? ' Video points are awarded by video/watch only.' : '';
    throw badRequest(`Unknown source for points/add: "${change.source}"; accepted: ${PointsSource.dailyCheckin}.${hint}`, 'unknownSource');
  }
  requireAmount(change.source, rules.checkinReward, change.amount);
  return db.transaction(async (tx) => {
    const p = await lockPlayer(tx, playerRef);
    const { day, nextReset } = pointsDay(clock(), rules.day);
    if (p.checkinDay === day) throw conflict(`Daily check-in already done today; the next one opens at ${nextReset.toISOString()}.`, 'alreadyCheckedIn');
    const points = p.points + rules.checkinReward;
    await setPoints(tx, playerRef, points, { checkinDay: day });
    await recordTransaction(tx, { playerRef, type: TransactionType.earn, amount: rules.checkinReward, source: PointsSource.dailyCheckin, description: 'Daily check-in', balanceAfter: points });
    return { points, amount: rules.checkinReward, source: PointsSource.dailyCheckin, next_checkin_time: nextReset.toISOString() };
  });
}

export async function subtractPoints(db: Db, playerRef: number, change: PointsChange, rules: { pointsRequired: number }): Promise<PointsChangeResult> {
  if (change.source !== PointsSource.partnerSignup) {
    throw badRequest(`Unknown source for points/subtract: "${change.source}"; accepted: ${PointsSource.partnerSignup}.`, 'unknownSource');
  }
  requireAmount(change.source, rules.pointsRequired, change.amount);
  const outcome = await openOrFindAccount(db, playerRef, rules.pointsRequired);
  if (outcome.status === 'insufficient') throw insufficientBalance(outcome.points, rules.pointsRequired);
  if (!outcome.created) throw conflict('The partner account is already open; nothing was spent.', 'partnerAccountExists');
  return { points: outcome.points, amount: rules.pointsRequired, source: PointsSource.partnerSignup };
}
