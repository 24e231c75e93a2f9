// Constants of the scheduled catalogue sync.

export const syncConfig = {
  minPeriodMs: 5_000, // shortest SYNC_EVERY: a short period suits a small source or a test; 6h suits a real one
  maxPeriodMs: 30 * 86_400_000, // longest SYNC_EVERY (30 days)
  checkFraction: 10, // the server looks for sources due every period/10, so a source waits at most a tenth of a period past due
  minCheckMs: 1_000, // and at most once a second (SYNC_EVERY=5s)
  maxCheckMs: 60_000, // and at least once a minute (SYNC_EVERY=6h)
  // The advisory lock of every catalogue import on a shared database: a sync round and an operator's import hold it.
  lockName: 'catalogue-sync',
} as const;

/** How often a server with this SYNC_EVERY looks for sources due. */
export function checkEveryMs(everyMs: number): number {
  return Math.min(syncConfig.maxCheckMs, Math.max(syncConfig.minCheckMs, Math.round(everyMs / syncConfig.checkFraction)));
}
