// Constants of the anonymous identity (spec 1 §4, §5, §8, §9).

export const identityConfig = {
  recordVersion: '2.0', // local credential record version (spec 1 §3)
  minCredentialLength: 10, // a local credential is valid only from 10 characters (spec 1 §5)
  playerIdPrefix: 'P', // player ids start with P (spec 1 §3, §5)
  deviceIdMaxLength: 64, // device id: at most 64 characters (spec 1 §5)
  deviceIdPattern: /^[A-Za-z0-9_-]+$/, // device id: letters, digits, underscore and dash only (spec 1 §5)
  deviceIdRandomChars: 24, // random part of a generated device id: 24 base-36 characters (~124 bits)
  credentialBasicMaxAgeMs: 7 * 24 * 3600_000, // basic check: a credential is expired after 7 days (spec 1 §4)
  credentialStrictMaxAgeMs: 30 * 24 * 3600_000, // strict check: expired after 30 days (spec 1 §4)
  lockForceReleaseMs: 60_000, // init lock held longer is force-released (spec 1 §4)
  lockWaitTimeoutMs: 30_000, // a lock waiter gives up after 30 s (spec 1 §4)
  initTimeoutMs: 30_000, // the whole initialisation times out after 30 s (spec 1 §4)
  initWaitTimeoutMs: 30_000, // a caller waiting on an init already running gives up after 30 s (spec 1 §9 queue time-out)
  initResultValidityMs: 3600_000, // a completed init is re-validated after 1 hour (spec 1 §4)
  maxRecoveryRetries: 2, // account recovery retries a request at most twice (spec 1 §4)
  // Envelope/HTTP codes that mean the account is unusable (spec 1 §8).
  accountInvalidCodes: [401, 403, 404, 4001, 4004, 10001] as readonly number[],
  // Message fragments (Chinese and English) that mean the same (spec 1 §8), matched case-insensitively.
  accountInvalidMessages: [
    'account not found',
    'player not found',
    'user not found',
    'invalid credential',
    'unauthorized',
    'token expired',
    'credential expired',
    '账号不存在',
    '账户不存在',
    '玩家不存在',
    '用户不存在',
    '凭证无效',
    '无效凭证',
    '未授权',
    '令牌过期',
    '凭证过期',
    '凭证已过期',
  ] as readonly string[],
  disabledCode: 403, // on a credential check: the account is disabled (spec 1 §8)
  clearCode: 401, // on a credential check: local data is cleared (spec 1 §8)
  clientRiskAutomation: 100, // risk score sent on init when the browser reports automation (navigator.webdriver)
  clientRiskNormal: 0, // risk score sent on init otherwise
  confidenceKnownDevice: 100, // init confidence: a verified identity record that knows this fingerprint
  confidenceChangedDevice: 75, // init confidence: a known record, but unverified, expired or with a new fingerprint
  confidenceNewDevice: 50, // init confidence for an identity made just now (storage may have been wiped)
  clientRiskUnstableFingerprint: 100, // risk score sent when the fingerprint samples differ (the server refuses such a new user)
  fingerprintSamples: 3, // fingerprint readings taken in a row at init: they must agree (spec 1 §5 three samples)
  fingerprintLatestWithoutPlayMs: 3_000, // the first fingerprint reading waits for the first clip to play, or this long after the init asked on pages without one (issue 17)
  fingerprintIdleTimeoutMs: 1_000, // each fingerprint reading waits for an idle moment, at most this long: it never joins the first clip's long tasks (issue 17)
  maxFingerprints: 100, // distinct fingerprints the identity record keeps, newest last (spec 1 §9: up to 100)
  maxBackupIds: 10, // earlier identity ids the record keeps (chosen: the spec gives no bound)
  identityExpiryMs: 30 * 24 * 3600_000, // an identity unseen for 30 days is no longer verified (spec 1 §9 identity expiry)
  identityCookieMaxAgeS: 365 * 24 * 3600, // cookie lifetime of the identity id: 1 year (spec 1 §9)
  credentialCookieMaxAgeS: 7 * 24 * 3600, // cookie lifetime of the credential record: 7 days (spec 1 §9)
  inviteCodePattern: /^[A-Za-z0-9_-]{1,64}$/, // an invite code (the inviter's player id), bounded like a device id
} as const;

/** Local storage keys of the identity area. */
export const identityKeys = {
  record: 'clipfeed_credential', // the local credential record v2.0
  deviceId: 'clipfeed_device_id', // the identity's primary id, also kept alone (what older builds stored)
  identity: 'clipfeed_identity', // the device identity record (spec 1 §3)
  firstTimeUser: 'isFirstTimeUser', // spec 1 §3 local storage key
  pendingInvite: 'clipfeed_invite', // the invite code of the entry address, until a player is created
} as const;

/** Cookies of the identity area: second copies that outlive a cleared local storage (spec 1 §9 lifetimes). */
export const identityCookies = {
  identity: 'clipfeed_id', // the primary id, 1 year
  credential: 'clipfeed_credential', // the local credential record, 7 days
} as const;
