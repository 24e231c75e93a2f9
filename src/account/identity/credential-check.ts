// The server credential check (spec 1 §8): info with the player id, device
// id and device data. 401 (and the other account-invalid answers, or a
// different player id) clears local data; 403 means the account is disabled;
// when no answer comes, local validation decides.

import type { ApiError } from '../../api/http';
import type { PlayerApi } from '../../api/player-api';
import type { PlayerInfo } from '../../api/player-schemas';
import { isAccountInvalid } from './account-errors';
import { identityConfig } from './config';
import { clearRecord, isRecordValid, type CredentialRecord } from './credential-record';
import type { DeviceEnvironment } from './device-env';
import type { KeyValueStore } from '../../lib/key-value-store';

export type CheckOutcome =
  | { kind: 'valid'; info: PlayerInfo }
  | { kind: 'cleared'; error?: ApiError }
  | { kind: 'disabled'; error: ApiError }
  /** No usable answer: the local rules decided (`valid`). */
  | { kind: 'local'; valid: boolean; error: ApiError };

export type ValidationType = 'basic' | 'strict' | 'revalidate';

export async function checkCredential(
  api: PlayerApi,
  store: KeyValueStore,
  record: CredentialRecord,
  env: DeviceEnvironment,
  validationType: ValidationType,
  now: number,
): Promise<CheckOutcome> {
  const { user_agent, browser_fingerprint, timezone, screen_resolution, color_depth, language } = env;
  const res = await api.info(record.credential, {
    player_id: record.playerId,
    device_id: record.deviceId,
    validation_type: validationType,
    timestamp: now,
    user_agent,
    browser_fingerprint,
    timezone,
    screen_resolution,
    color_depth,
    language,
  });
  if (res.ok) {
    if (res.value.player_id === record.playerId) return { kind: 'valid', info: res.value };
    clearRecord(store);
    return { kind: 'cleared' };
  }
  const code = res.error.apiCode ?? res.error.status;
  if (code === identityConfig.disabledCode) return { kind: 'disabled', error: res.error };
  if (code === identityConfig.clearCode || isAccountInvalid(res.error)) {
    clearRecord(store);
    return { kind: 'cleared', error: res.error };
  }
  // Network failures (and answers we cannot read) leave the decision to the local rules.
  const local = isRecordValid(record);
  return { kind: 'local', valid: local, error: res.error };
}
