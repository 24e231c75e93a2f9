// Limits of the catalogue routes. The suggestion endpoint is called as the
// visitor types, so it is the one a script would hammer: it is rate limited
// per client address (req.ip: the socket, or the proxy chain only as far as
// TRUST_PROXY allows).

export const catalogueRouteConfig = {
  // Suggestion requests one address may make per window: typing sends at most one per debounce (250 ms), and a
  // carrier NAT may hold many phones; 240 a minute is a minute of non-stop typing for four visitors at once.
  suggestionsPerAddress: 240,
  // The window of suggestionsPerAddress, in milliseconds (one minute).
  suggestWindowMs: 60_000,
  // IPv6 clients are counted per /64 (one subscriber's network), so rotating addresses inside it gains nothing.
  suggestIpv6Subnet: 64,
  // Addresses the in-process limiter tracks at once (the least recently seen is dropped first).
  suggestTrackedAddresses: 10_000,
} as const;
