// The partner's side of sign-on (the demo partner site, routes/partner/):
// spend the token (once), show the linked account, and mint the return token
// that brings the visitor back to the app.

import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { findByPlayerId } from '../players/players-repo';
import { TokenKind } from './config';
import { findAccount, markSignedOn } from './partner-accounts-repo';
import { appReturnUrl } from './partner-url';
import { signToken, verifyToken, type VerifyFailure } from './tokens';
import { redeemJti } from './used-tokens-repo';

export type VisitFailure = VerifyFailure | 'used' | 'unknown_player' | 'unknown_account' | 'disabled';

export type PartnerVisit =
  | { ok: true; accountId: string; playerId: string; points: number; signedOnAt: Date; returnUrl: string }
  | { ok: false; reason: VisitFailure };

export interface RedeemContext {
  secret: string;
  ttlS: number;
  config: Pick<ServerConfig, 'publicUrl'>;
}

export async function redeemSignOn(db: Db, token: string, ctx: RedeemContext): Promise<PartnerVisit> {
  const v = await verifyToken(ctx.secret, token, TokenKind.sso);
  if (!v.ok) return { ok: false, reason: v.reason };
  if (!(await redeemJti(db, v.claims.jti, TokenKind.sso, v.claims.expiresAt))) return { ok: false, reason: 'used' };
  const player = await findByPlayerId(db, v.claims.playerId);
  if (!player) return { ok: false, reason: 'unknown_player' };
  if (player.disabled) return { ok: false, reason: 'disabled' };
  const account = await findAccount(db, player.id);
  if (!account || account.accountId !== v.claims.accountId) return { ok: false, reason: 'unknown_account' };
  const signedOn = await markSignedOn(db, account.id);
  const back = await signToken(ctx.secret, TokenKind.return, { playerId: player.playerId }, ctx.ttlS);
  return {
    ok: true,
    accountId: account.accountId,
    playerId: player.playerId,
    points: player.points,
    signedOnAt: signedOn.lastSignOnAt ?? new Date(),
    returnUrl: appReturnUrl(ctx.config, back.token),
  };
}
