// Identity return from the partner site (spec 1 §2, §7): an accessToken on
// entry (the router takes it from the address: router-store takeAccessToken)
// is exchanged through GET /sso for the player and a new credential, which
// replace the local record.

import type { PlayerApi } from '../../api/player-api';
import type { RestoredPlayer } from '../../api/player-schemas';
import { AccountErrorCode, accountError, fromApiError, type AccountResult } from './account-errors';
import { isRecordValid, makeRecord, writeRecord, type CredentialRecord } from './credential-record';
import type { KeyValueStore } from '../../lib/key-value-store';

export interface RestoredIdentity {
  record: CredentialRecord;
  player: RestoredPlayer;
}

export async function restoreFromAccessToken(
  api: PlayerApi,
  store: KeyValueStore,
  deviceId: string,
  accessToken: string,
  now: number,
  signal?: AbortSignal,
): Promise<AccountResult<RestoredIdentity>> {
  const res = await api.restore(accessToken, signal);
  if (!res.ok) return { ok: false, error: fromApiError(res.error) };
  const record = makeRecord(res.value.credential, res.value.player_id, deviceId, now);
  if (!isRecordValid(record)) return { ok: false, error: accountError(AccountErrorCode.RequestFailed, 'GET /sso returned a credential that fails the local validity rules.', false) };
  writeRecord(store, record);
  return { ok: true, value: { record, player: res.value } };
}
