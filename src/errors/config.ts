// Global error monitor constants (spec 1 §8). Values marked "chosen" are
// ours where the spec gives none.

export const errorMonitorConfig = {
  // This many unclassified errors within the window count as a severe error (spec 1 §8).
  burstCount: 8,
  // The window for the burst rule (spec 1 §8).
  burstWindowMs: 10_000,
  // Redacted reports kept in memory for the diagnostic screen (chosen).
  keptReports: 20,
  // Report messages and stacks are cut to this many characters (chosen).
  maxReportLength: 2000,
} as const;

export const unreachableConfig = {
  // HTTP statuses that mean the server was not reached: none (0), or a gateway answering for a server that is gone (chosen).
  statuses: [0, 502, 503, 504],
  // Error codes of failures where nothing came back: the page's API client (api/http.ts) and the engine worker (workers/core/types.ts).
  networkCodes: ['NETWORK', 'TIMEOUT', 'NETWORK_ERROR'],
  // Error codes of an HTTP answer: unreachable only with one of the statuses above.
  httpCodes: ['HTTP', 'HTTP_ERROR'],
} as const;
