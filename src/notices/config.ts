// Notices constants. Values marked "chosen" are ours where the spec gives none.

export const connectionConfig = {
  // The cheap endpoint the probe asks: a real database query on the server (server/routes/health.ts).
  probePath: '/healthz',
  // A probe without an answer within this long counts as unreachable (chosen: a tiny answer, even on 2G).
  probeTimeoutMs: 5_000,
  // The first back-off probe runs this long after the outage was noticed (issue 16: 2 s, 4 s, 8 s ...).
  backoffBaseMs: 2_000,
  // Each later probe waits this many times longer than the one before (issue 16).
  backoffFactor: 2,
  // ... but never longer than this (issue 16: capped at 30 s).
  backoffCapMs: 30_000,
} as const;
