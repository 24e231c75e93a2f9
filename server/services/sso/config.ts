// Sign-on token constants. The lifetime is securityDefaults.ssoTokenTtlS (server/config.ts).

export const ssoDefaults = {
  issuer: 'clipfeed', // both token kinds are minted by this server (the demo partner shares its secret)
  algorithm: 'HS256', // issue 3: HS256 with the SSO secret
  jtiBytes: 16, // 128-bit token ids
  // Spent ids are kept this long past expiry, so a server whose clock lags the database's cannot accept a replay.
  spentIdGraceS: 3600,
} as const;

/**
 * sso: app -> partner sign-on; return: partner -> app, restores the player on GET /sso; visit: app -> the demo
 * partner's home for a player short of points, carrying their balance so the page can show it (read-only).
 */
export const TokenKind = { sso: 'sso', return: 'return', visit: 'visit' } as const;
export type TokenKind = (typeof TokenKind)[keyof typeof TokenKind];

/** Who each kind is for (the JWT aud claim), so one kind can never stand in for the other. */
export const tokenAudience: Record<TokenKind, string> = { sso: 'partner', return: 'clipfeed-app', visit: 'partner-home' };
