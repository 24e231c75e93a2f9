// The weekly invite task (spec 2 §3: invite friends, 200 points, weekly;
// issue 15). A player created from an invite link (init with `invite`: the
// inviter's player id) is judged at once (invite-rules.ts): refused for the
// inviter's own device, network or fingerprint, else pending. A pending
// invite pays the inviter once, when the invitee completes its first counted
// watch cycle: the proof that a real viewer came, which a script that only
// creates players never gives. At most one credit per inviter per points week;
// an invite over that limit is refused for good.

import type { Db } from '../../db/client';
import { inviteDefaults, PointsSource, TransactionType } from './config';
import type { DbOrTx, Tx } from './db-types';
import { readSamples } from './fingerprints';
import { judgeInvite, type Invitee } from './invite-rules';
import { creditsInWeek, decideInvite, insertInvite, lockInvite, pendingInviteOf } from './invites-repo';
import { recordTransaction } from './ledger';
import { pointsWeek, type DayRule } from './points-day';
import { findByPlayerId, lockPlayer, setPoints } from './players-repo';

/**
 * Records the invite of a player just created (inside its transaction). An
 * unknown or disabled inviter makes no invite: the link may be stale, and the
 * visitor gets a player all the same.
 */
export async function recordInvite(tx: DbOrTx, code: string, inviteeRef: number, invitee: Invitee, now: Date): Promise<void> {
  const inviter = await findByPlayerId(tx, code);
  if (!inviter || inviter.disabled || inviter.id === inviteeRef) return;
  const { refusal, match } = judgeInvite({ deviceId: inviter.deviceId, ip: inviter.ip, samples: readSamples(inviter.fingerprints) }, invitee);
  await insertInvite(tx, {
    inviterRef: inviter.id,
    inviteeRef,
    status: refusal ? 'refused' : 'pending',
    reason: refusal,
    deviceMatch: match,
    ...(refusal ? { decidedAt: now } : {}),
  });
}

/**
 * After a watch that completed the player's cycle: pays the player's inviter
 * when an invite is still pending. The lookup is one indexed read; the rest
 * runs under the inviter's row lock, so parallel credits to one inviter are
 * decided one after another and the weekly count is exact.
 */
export async function creditInviteAfterCycle(db: Db, inviteeRef: number, day: DayRule, now: Date): Promise<void> {
  const pending = await pendingInviteOf(db, inviteeRef);
  if (!pending) return;
  await db.transaction(async (tx) => {
    const inviter = await lockPlayer(tx, pending.inviterRef);
    const invite = await lockInvite(tx, pending.id);
    if (!invite || invite.status !== 'pending') return; // another request decided it
    if (inviter.disabled) return decideInvite(tx, invite.id, { status: 'refused', reason: 'inviter_disabled' });
    const week = pointsWeek(now, day);
    if ((await creditsInWeek(tx, inviter.id, week)) > 0) return decideInvite(tx, invite.id, { status: 'refused', reason: 'weekly_limit' });
    await pay(tx, inviter.id, inviter.points);
    await decideInvite(tx, invite.id, { status: 'credited', week });
  });
}

async function pay(tx: Tx, inviterRef: number, points: number): Promise<void> {
  const balance = points + inviteDefaults.reward;
  await setPoints(tx, inviterRef, balance);
  await recordTransaction(tx, { playerRef: inviterRef, type: TransactionType.earn, amount: inviteDefaults.reward, source: PointsSource.inviteFriend, description: 'Invited a friend', balanceAfter: balance });
}
