// Limits of the player API routes (issue 13) that are not settings: the
// window and bookkeeping of the per-address and per-player rate limits, whose
// maximums are PLAYER_REQUESTS_PER_ADDRESS and PLAYER_REQUESTS_PER_PLAYER
// (server/config.ts, securityDefaults).

export const playerRouteConfig = {
  // The window of both limits, in milliseconds (one minute).
  windowMs: 60_000,
  // IPv6 clients are counted per /64 (one subscriber's network), so rotating addresses inside it gains nothing.
  ipv6Subnet: 64,
  // Addresses and players the in-process limiter tracks at once (the least recently seen is dropped first).
  trackedKeys: 20_000,
} as const;
