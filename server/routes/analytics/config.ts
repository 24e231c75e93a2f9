// Limits of the analytics route (issue 15). Recording is public and anonymous,
// so it is rate limited per client address (req.ip), counted in memory only.

export const analyticsRouteConfig = {
  // Batches one address may send per window: a visitor's page sends one every 15 s at most plus one when it is hidden
  // (about 5 a minute); 120 leaves room for a carrier NAT with many phones, a script gets no further.
  batchesPerAddress: 120,
  // The window of batchesPerAddress, in milliseconds (one minute).
  windowMs: 60_000,
  // IPv6 clients are counted per /64 (one subscriber's network), so rotating addresses inside it gains nothing.
  ipv6Subnet: 64,
  // Addresses the in-process limiter tracks at once (the least recently seen is dropped first).
  trackedAddresses: 10_000,
  // Problems named in a refusal of a malformed batch (a forged batch of 50 bad events would make a long answer).
  issuesNamed: 5,
} as const;
