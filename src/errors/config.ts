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
