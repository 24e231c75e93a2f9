// The sign-on link (spec 1 §4, §7, §8): the server decides where the partner
// button leads (ready signs on, eligible opens the account, otherwise the
// partner home); a failure falls back to the partner home page with
// has_win667 false and remaining_points 999.

import type { PlayerApi } from '../../api/player-api';
import type { SignOnResult } from '../../api/player-schemas';
import type { AccountError } from '../identity/account-errors';
import type { IdentityManager } from '../identity/identity-manager';
import { withRecovery } from '../identity/recovery';
import { ssoConfig } from './config';

export interface SignOnOutcome {
  result: SignOnResult;
  /** Set when the link could not be had and the fallback is used. */
  error: AccountError | null;
}

export function fallbackSignOn(partnerHome: string = ssoConfig.partnerHome): SignOnResult {
  return { has_win667: false, redirect_type: 'home', redirect_url: partnerHome, remaining_points: ssoConfig.fallbackRemainingPoints, expires_at: null };
}

export async function resolveSignOn(manager: IdentityManager, api: PlayerApi, partnerHome: string = ssoConfig.partnerHome): Promise<SignOnOutcome> {
  const res = await withRecovery(manager, (identity) => api.sso(identity.credential));
  if (res.ok) return { result: res.value, error: null };
  return { result: fallbackSignOn(partnerHome), error: res.error };
}
