// The server's catalogue sync (SYNC_EVERY): each known source whose last run
// started at least one period ago is synced (`h=` since its last good sync),
// one source at a time. Of several processes sharing a PostgreSQL, the one
// holding the advisory lock (import-lock.ts, which an operator's import holds
// too) does it, checking each source is still due under the lock; the others
// find the sources already synced when they next look. A look that finds
// nothing due takes neither the lock nor the process's import slot, so it
// never turns an operator's import away; the slot is taken per source synced.
// The slot's signal stops a sync when the server shuts down (the run is
// closed as interrupted).

import type { Db } from '../../../db/client';
import type { UpstreamPolicy } from '../../../net/upstream-policy';
import type { CategoryMapFile } from '../import/category-map-file';
import { importCatalogue } from '../import/run';
import { syncConfig } from './config';
import { withAdvisoryLock } from './lock';
import { lastRun, listSources, type SourceRow } from './runs';

/** The process's import slot (plugins/app/catalogue-import.ts): taken for each source synced; its signal stops the import. */
type SlotClaim = (source: string) => { ok: true; signal?: AbortSignal; release(): void } | { ok: false };

export interface SyncRound {
  everyMs: number;
  /** Absent: nothing else imports in this process. */
  claim?: SlotClaim;
  network: UpstreamPolicy;
  categoryMap: CategoryMapFile;
  log: (line: string) => void;
  now?: () => Date;
}

/** Syncs the sources due; returns their hosts, or null when some are due but another process holds the lock. */
export async function syncDueSources(db: Db, o: SyncRound): Promise<string[] | null> {
  const now = o.now ?? (() => new Date());
  const isDue = async (sourceId: number) => {
    const last = await lastRun(db, sourceId);
    return !last || now().getTime() - last.startedAt.getTime() >= o.everyMs;
  };
  const due: SourceRow[] = [];
  for (const source of await listSources(db)) if (await isDue(source.sourceId)) due.push(source);
  if (due.length === 0) return [];
  const locked = await withAdvisoryLock(db, syncConfig.lockName, async () => {
    const synced: string[] = [];
    for (const source of due) {
      // Another process may have synced it between the look and the lock.
      if (!(await isDue(source.sourceId))) continue;
      const slot = o.claim?.(source.host) ?? { ok: true, release: () => undefined };
      // An operator's import runs here (or the server is stopping): the sources left are synced at a later look.
      if (!slot.ok) break;
      const summary = await importCatalogue(db, new URL(source.endpoint), {
        sinceLast: true,
        signal: slot.signal,
        network: o.network,
        categoryMap: o.categoryMap,
        now,
        log: (line) => o.log(`${source.host}: ${line}`),
      }).finally(() => slot.release());
      if (slot.signal?.aborted) {
        o.log(`${source.host}: sync stopped (run ${summary.run.id} closed as interrupted)`);
        break;
      }
      o.log(`${source.host}: synced (run ${summary.run.id}): ${summary.videos.inserted} inserted, ${summary.videos.updated} updated, ${summary.gone} gone, ${summary.errors.length} errors`);
      synced.push(source.host);
    }
    return synced;
  });
  return locked.ran ? locked.value : null;
}
