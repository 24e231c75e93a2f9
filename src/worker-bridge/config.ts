// Page-side engine bridge settings.

export const engineBridgeConfig = {
  // An idle worker is ended after this long; its prepared-clip cache lives 5 min anyway (spec 1 §9).
  workerIdleMs: 5 * 60_000,
} as const;
