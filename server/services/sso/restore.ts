// GET /sso?accessToken=: a visitor coming back from the partner gets their
// player back, on this device or another. The token is spent on first use and
// a new credential is issued; it replaces the old one (one live credential per
// player), so whoever held the old credential is asked to start over.

import type { Db } from '../../db/client';
import { newCredential } from '../players/credential';
import { accountDisabled, invalidToken } from '../players/errors';
import { findByPlayerId, rotateCredential } from '../players/players-repo';
import { TokenKind } from './config';
import { findAccount } from './partner-accounts-repo';
import { verifyToken } from './tokens';
import { redeemJti } from './used-tokens-repo';

export interface RestoredPlayer {
  credential: string;
  player_id: string;
  points: number;
  has_win667: boolean;
}

export async function restoreFromReturnToken(db: Db, secret: string, token: string): Promise<RestoredPlayer> {
  const v = await verifyToken(secret, token, TokenKind.return);
  if (!v.ok) throw invalidToken(v.message);
  if (!(await redeemJti(db, v.claims.jti, TokenKind.return, v.claims.expiresAt))) throw invalidToken('Token already used: each return link works once.');
  const player = await findByPlayerId(db, v.claims.playerId);
  if (!player) throw invalidToken('Token names a player that no longer exists.');
  if (player.disabled) throw accountDisabled();
  const { credential, hash } = newCredential();
  const row = await rotateCredential(db, player.id, hash);
  const account = await findAccount(db, player.id);
  return { credential, player_id: row.playerId, points: row.points, has_win667: account !== undefined };
}
