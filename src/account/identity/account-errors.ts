// Errors of the account area as data (STYLE.md 5), each with the i18n key the
// UI shows; and the account-invalid test that starts recovery (spec 1 §8).

import type { ApiError } from '../../api/http';
import { identityConfig } from './config';

export const AccountErrorCode = {
  InitFailed: 'INIT_FAILED', // 用户初始化失败
  WaitTimeout: 'WAIT_TIMEOUT', // 等待初始化超时
  LockTimeout: 'LOCK_TIMEOUT', // 等待锁超时
  InitTimeout: 'INIT_TIMEOUT', // 初始化超时
  RecoveryFailed: 'RECOVERY_FAILED', // 账号恢复失败
  AccountDisabled: 'ACCOUNT_DISABLED', // 403 on a credential check
  TooManyRequests: 'TOO_MANY_REQUESTS', // 429: the server's rate limit (spec 2 §8 "too many requests")
  RequestFailed: 'REQUEST_FAILED', // any other failed call
} as const;
export type AccountErrorCode = (typeof AccountErrorCode)[keyof typeof AccountErrorCode];

export const accountMessageKeys: Record<AccountErrorCode, string> = {
  INIT_FAILED: 'account:initFailed',
  WAIT_TIMEOUT: 'account:waitTimeout',
  LOCK_TIMEOUT: 'account:lockTimeout',
  INIT_TIMEOUT: 'account:initTimeout',
  RECOVERY_FAILED: 'account:recoveryFailed',
  ACCOUNT_DISABLED: 'account:accountDisabled',
  TOO_MANY_REQUESTS: 'account:tooManyRequests',
  REQUEST_FAILED: 'account:requestFailed',
};

export interface AccountError {
  code: AccountErrorCode;
  /** i18n key for the UI. */
  messageKey: string;
  /** Diagnostic text (English), for logs. */
  message: string;
  retryable: boolean;
  /** The API error behind it, when there was one. */
  cause?: ApiError;
}

export type AccountResult<T> = { ok: true; value: T } | { ok: false; error: AccountError };

export function accountError(code: AccountErrorCode, message: string, retryable: boolean, cause?: ApiError): AccountError {
  return { code, messageKey: accountMessageKeys[code], message, retryable, ...(cause ? { cause } : {}) };
}

/** An API failure as an account error (REQUEST_FAILED unless told otherwise; a 429 is always TOO_MANY_REQUESTS: waiting, not the account, is the cure). */
export function fromApiError(cause: ApiError, code: AccountErrorCode = AccountErrorCode.RequestFailed): AccountError {
  const limited = (cause.apiCode ?? cause.status) === 429;
  return accountError(limited ? AccountErrorCode.TooManyRequests : code, cause.message, cause.retryable, cause);
}

/** Spec 1 §8: codes 401/403/404/4001/4004/10001 or an account-invalid message. */
export function isAccountInvalid(error: ApiError): boolean {
  const code = error.apiCode ?? error.status;
  if (code !== undefined && identityConfig.accountInvalidCodes.includes(code)) return true;
  if (error.code !== 'API' && error.code !== 'HTTP') return false;
  const text = error.message.toLowerCase();
  return identityConfig.accountInvalidMessages.some((m) => text.includes(m));
}
