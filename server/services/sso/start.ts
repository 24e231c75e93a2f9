// player/sso and win667/refresh-token: the sign-on link for a player. Ready
// (or newly opened) accounts get a signed single-use token on the partner
// URL; players short of points get the partner's home page and how many
// points they still need.

import type { Db } from '../../db/client';
import { conflict } from '../players/errors';
import { openOrFindAccount } from './sign-on';
import { TokenKind } from './config';
import { findAccount } from './partner-accounts-repo';
import { withToken } from './partner-url';
import { signToken } from './tokens';

export interface SignOnContext {
  secret: string;
  ttlS: number;
  pointsRequired: number;
  partnerHome: string;
  /** The partner is this server's demo: a player short of points gets a visit token, so its home shows their balance. */
  balanceOnHome?: boolean;
}

export interface SignOnResult {
  has_win667: boolean;
  redirect_type: 'sso' | 'home';
  redirect_url: string;
  /** After sign-on: the points left; when short: the points still needed. */
  remaining_points: number;
  expires_at: string | null;
}

export async function startSignOn(db: Db, player: { id: number; playerId: string }, ctx: SignOnContext): Promise<SignOnResult> {
  const outcome = await openOrFindAccount(db, player.id, ctx.pointsRequired);
  if (outcome.status === 'insufficient') {
    // Only to our own demo partner: a third party learns nothing of a player who has not asked for an account.
    const visit = ctx.balanceOnHome
      ? await signToken(ctx.secret, TokenKind.visit, { playerId: player.playerId, balance: { points: outcome.points, needed: outcome.needed } }, ctx.ttlS)
      : null;
    const home = visit ? withToken(ctx.partnerHome, visit.token, 'visit') : ctx.partnerHome;
    return { has_win667: false, redirect_type: 'home', redirect_url: home, remaining_points: outcome.needed, expires_at: null };
  }
  const signed = await signToken(ctx.secret, TokenKind.sso, { playerId: player.playerId, accountId: outcome.account.accountId }, ctx.ttlS);
  return { has_win667: true, redirect_type: 'sso', redirect_url: withToken(ctx.partnerHome, signed.token), remaining_points: outcome.points, expires_at: signed.expiresAt.toISOString() };
}

/** A fresh sign-on link for a player who already has a partner account; never opens one. */
export async function refreshSignOn(db: Db, player: { id: number; playerId: string; points: number }, ctx: SignOnContext): Promise<SignOnResult & { token: string }> {
  const account = await findAccount(db, player.id);
  if (!account) throw conflict('No partner account yet: use player/sso to open one first.', 'noPartnerAccount');
  const signed = await signToken(ctx.secret, TokenKind.sso, { playerId: player.playerId, accountId: account.accountId }, ctx.ttlS);
  return {
    has_win667: true,
    redirect_type: 'sso',
    redirect_url: withToken(ctx.partnerHome, signed.token),
    remaining_points: player.points,
    expires_at: signed.expiresAt.toISOString(),
    token: signed.token,
  };
}
