// Creates an anonymous player (spec 1 §7 init) after the suspicious-client
// checks of spec 1 §5. The credential is returned once and stored hashed. A
// player created from an invite link is recorded as the inviter's invitee in
// the same transaction (invite.ts).

import type { Db } from '../../db/client';
import { playerDefaults } from './config';
import { newCredential, newPlayerId } from './credential';
import { suspicious } from './errors';
import { mergeSample, toSample, type DeviceFields } from './fingerprints';
import { recordInitAttempt } from './init-attempts-repo';
import { assessInit, type InitPolicy } from './init-risk';
import { recordInvite } from './invite';
import { insertPlayer } from './players-repo';
import { playerInfo, type PlayerInfo } from './view';

export interface InitInput extends DeviceFields {
  device_id: string;
  risk_score?: number;
  webdriver?: boolean;
  /** The fingerprint read several times in a row by the page (the three-sample rule). */
  fingerprint_samples?: string[];
  /** The inviter's player id, from the invite link the visitor arrived by. */
  invite?: string;
}

export interface InitContext {
  ip: string;
  headerUserAgent?: string;
  policy: InitPolicy;
  fingerprintsKept: number;
  pointsRequired: number;
  now: Date;
}

export async function initPlayer(db: Db, input: InitInput, ctx: InitContext): Promise<PlayerInfo & { credential: string }> {
  const recent = await recordInitAttempt(db, ctx.ip, playerDefaults.initWindowS);
  const verdict = assessInit(
    {
      bodyUserAgent: input.user_agent,
      headerUserAgent: ctx.headerUserAgent,
      webdriver: input.webdriver,
      clientRiskScore: input.risk_score,
      recentInitsFromIp: recent,
      fingerprintSamples: input.fingerprint_samples,
    },
    ctx.policy,
  );
  if (!verdict.ok) throw suspicious(verdict.reason, verdict.message);

  const { credential, hash } = newCredential();
  const sample = toSample(input);
  const row = await db.transaction(async (tx) => {
    const player = await insertPlayer(tx, {
      playerId: newPlayerId(),
      credentialHash: hash,
      deviceId: input.device_id,
      riskScore: verdict.riskScore,
      fingerprints: mergeSample([], sample, ctx.now, ctx.fingerprintsKept),
      ip: ctx.ip,
      userAgent: input.user_agent ?? ctx.headerUserAgent ?? null,
    });
    if (input.invite) await recordInvite(tx, input.invite, player.id, { deviceId: input.device_id, identityId: input.identity_id, ip: ctx.ip, sample }, ctx.now);
    return player;
  });
  return { credential, ...playerInfo(row, false, ctx.pointsRequired) };
}
