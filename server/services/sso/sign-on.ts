// Opening the partner account: with enough points the account is created and
// the points spent in one transaction on the locked player row, so two
// parallel sign-ons can neither create two accounts nor spend twice.

import type { Db } from '../../db/client';
import { PointsSource, TransactionType } from '../players/config';
import { newPartnerAccountId } from '../players/credential';
import { recordTransaction } from '../players/ledger';
import { lockPlayer, setPoints } from '../players/players-repo';
import { findAccount, insertAccount, type PartnerAccountRow } from './partner-accounts-repo';

export type AccountOutcome =
  | { status: 'ready'; account: PartnerAccountRow; points: number; created: boolean }
  | { status: 'insufficient'; points: number; needed: number };

export async function openOrFindAccount(db: Db, playerRef: number, pointsRequired: number): Promise<AccountOutcome> {
  return db.transaction(async (tx) => {
    const p = await lockPlayer(tx, playerRef);
    const existing = await findAccount(tx, playerRef);
    if (existing) return { status: 'ready', account: existing, points: p.points, created: false };
    if (p.points < pointsRequired) return { status: 'insufficient', points: p.points, needed: pointsRequired - p.points };
    const account = await insertAccount(tx, playerRef, newPartnerAccountId());
    const points = p.points - pointsRequired;
    await setPoints(tx, playerRef, points);
    await recordTransaction(tx, {
      playerRef,
      type: TransactionType.spend,
      amount: pointsRequired,
      source: PointsSource.partnerSignup,
      description: `Partner account ${account.accountId} opened`,
      balanceAfter: points,
    });
    return { status: 'ready', account, points, created: true };
  });
}
