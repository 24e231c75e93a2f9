// Automatic account recovery (spec 1 §4, §8): a call answered with an
// account-invalid error clears local data, re-initialises and is retried, at
// most twice; when that does not help the error is RECOVERY_FAILED
// ('账号恢复失败'). Init itself never goes through here.

import type { ApiResult } from '../../api/http';
import { AccountErrorCode, accountError, fromApiError, isAccountInvalid, type AccountResult } from './account-errors';
import { identityConfig } from './config';
import type { Identity, IdentityManager } from './identity-manager';

export type AuthenticatedCall<T> = (identity: Identity) => Promise<ApiResult<T>>;

export async function withRecovery<T>(manager: IdentityManager, call: AuthenticatedCall<T>, maxRetries: number = identityConfig.maxRecoveryRetries): Promise<AccountResult<T>> {
  const first = await manager.ensure();
  if (!first.ok) return first;
  let identity = first.value;
  for (let retries = 0; ; retries++) {
    const res = await call(identity);
    if (res.ok) return res;
    if (!isAccountInvalid(res.error)) return { ok: false, error: fromApiError(res.error) };
    if (retries >= maxRetries) {
      return { ok: false, error: accountError(AccountErrorCode.RecoveryFailed, `Still refused after ${maxRetries} recoveries: ${res.error.message}`, false, res.error) };
    }
    const next = await manager.recover(identity.credential);
    if (!next.ok) return { ok: false, error: accountError(AccountErrorCode.RecoveryFailed, `Re-initialisation failed: ${next.error.message}`, next.error.retryable, next.error.cause) };
    identity = next.value;
  }
}
