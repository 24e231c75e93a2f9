// The server's catalogue sync (SYNC_EVERY): each known source whose last run
// started at least one period ago is synced (`h=` since its last good sync),
// one source at a time. Of several processes sharing a PostgreSQL, the one
// holding the advisory lock does it; the others find the sources already
// synced when they next look. Within a process, a source is synced only while
// the process's import slot is free (an operator's import holds it), and the
// slot is taken per source synced, not per look, so a look that finds nothing
// due never turns an operator's import away.

import type { Db } from '../../../db/client';
import type { UpstreamPolicy } from '../../../net/upstream-policy';
import type { CategoryMapFile } from '../import/category-map-file';
import { importCatalogue } from '../import/run';
import { withAdvisoryLock } from './lock';
import { lastRun, listSources } from './runs';

/** The process's import slot (plugins/app/catalogue-import.ts): taken for each source synced. */
type SlotClaim = (source: string) => { ok: true; release(): void } | { ok: false };

export interface SyncRound {
  everyMs: number;
  /** Absent: nothing else imports in this process. */
  claim?: SlotClaim;
  network: UpstreamPolicy;
  categoryMap: CategoryMapFile;
  log: (line: string) => void;
  now?: () => Date;
}

/** Syncs the sources due; returns their hosts, or null when another process holds the sync. */
export async function syncDueSources(db: Db, o: SyncRound): Promise<string[] | null> {
  const now = o.now ?? (() => new Date());
  const locked = await withAdvisoryLock(db, 'catalogue-sync', async () => {
    const synced: string[] = [];
    for (const source of await listSources(db)) {
      const last = await lastRun(db, source.sourceId);
      if (last && now().getTime() - last.startedAt.getTime() < o.everyMs) continue;
      const slot = o.claim?.(source.host) ?? { ok: true, release: () => undefined };
      // An operator's import runs here: the sources left are synced at a later look.
      if (!slot.ok) break;
      const summary = await importCatalogue(db, new URL(source.endpoint), {
        sinceLast: true,
        network: o.network,
        categoryMap: o.categoryMap,
        now,
        log: (line) => o.log(`${source.host}: ${line}`),
      }).finally(() => slot.release());
      o.log(`${source.host}: synced (run ${summary.run.id}): ${summary.videos.inserted} inserted, ${summary.videos.updated} updated, ${summary.gone} gone, ${summary.errors.length} errors`);
      synced.push(source.host);
    }
    return synced;
  });
  return locked.ran ? locked.value : null;
}
