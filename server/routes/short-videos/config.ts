// Limits of the short-video routes (issue 13: play recording is public, so it
// is rate limited per client address, req.ip).

export const shortVideoRouteConfig = {
  // Plays one address may record per window: a fast swiper starts ~25 clips a minute; 60 leaves room for a few phones behind one NAT.
  playsPerAddress: 60,
  // The window of playsPerAddress, in milliseconds (one minute).
  playWindowMs: 60_000,
  // IPv6 clients are counted per /64 (one subscriber's network), so rotating addresses inside it gains nothing.
  playIpv6Subnet: 64,
  // Addresses the in-process limiter tracks at once (the least recently seen is dropped first).
  playTrackedAddresses: 10_000,
} as const;
