// Whether an invite may ever pay (issue 15, spec 2 §3 invite task): no credit
// when the invitee is the inviter's own device (a device or identity id the
// inviter's player has used), comes from the inviter's network, or carries a
// fingerprint that matches one of the inviter's devices (match score at or
// above the "same device" threshold, 0.85). Pure: the service supplies rows.

import { matchLevel, bestMatch } from './fingerprint-match';
import type { DeviceSample } from './fingerprints';
import { networkKey } from './network-key';

export type InviteRefusal = 'same_device' | 'same_address' | 'same_fingerprint';

export interface Inviter {
  deviceId: string;
  ip: string | null;
  samples: readonly DeviceSample[];
}

export interface Invitee {
  deviceId: string;
  identityId?: string;
  ip: string;
  sample: Omit<DeviceSample, 'first_seen_at' | 'last_seen_at' | 'seen_count'>;
}

export interface InviteJudgement {
  refusal: InviteRefusal | null;
  /** The invitee's best match against the inviter's devices (0..1). */
  match: number;
}

export function judgeInvite(inviter: Inviter, invitee: Invitee): InviteJudgement {
  const match = bestMatch(invitee.sample, inviter.samples) ?? 0;
  const inviterIds = new Set([inviter.deviceId, ...inviter.samples.flatMap((s) => [s.device_id, s.identity_id])].filter((id): id is string => !!id));
  if (inviterIds.has(invitee.deviceId) || (invitee.identityId !== undefined && inviterIds.has(invitee.identityId))) return { refusal: 'same_device', match };
  if (inviter.ip !== null && networkKey(inviter.ip) === networkKey(invitee.ip)) return { refusal: 'same_address', match };
  if (matchLevel(match) === 'same') return { refusal: 'same_fingerprint', match };
  return { refusal: null, match };
}
