// The scheduled catalogue sync (SYNC_EVERY, off by default): every tenth of
// the period (1 s to 1 min, sync/config.ts) the sources due are synced
// (services/catalogue/sync/scheduler.ts), taking this server's import slot
// for each source synced, so an operator's import and the sync never run
// together here, and a look that syncs nothing never holds the slot.
// DATA_DIR/category-map.json is validated at start: a bad file stops the
// server with the field named.

import fp from 'fastify-plugin';
import { loadCategoryMap } from '../../services/catalogue/import/category-map-file';
import { checkEveryMs } from '../../services/catalogue/sync/config';
import { syncDueSources } from '../../services/catalogue/sync/scheduler';

export default fp(
  async (app) => {
    const map = loadCategoryMap(app.config.dataDir);
    if (!map.ok) throw new Error(map.message);
    const everyMs = app.config.syncEveryMs;
    if (!everyMs) return;

    let timer: NodeJS.Timeout | undefined;
    let round: Promise<unknown> = Promise.resolve();
    let busy = false;
    const tick = () => {
      // A round longer than the check period: the next look waits for it.
      if (busy) return;
      busy = true;
      const categoryMap = loadCategoryMap(app.config.dataDir);
      const claim = (source: string) => app.catalogueImport.claim(source);
      round = (categoryMap.ok ? syncDueSources(app.db, { everyMs, claim, network: app.upstreamPolicy, categoryMap: categoryMap.map, log: (line) => app.log.info(line) }) : Promise.reject(new Error(categoryMap.message)))
        .catch((err: unknown) => app.log.error({ err }, 'catalogue sync failed'))
        .finally(() => {
          busy = false;
        });
    };
    const start = async () => {
      timer = setInterval(tick, checkEveryMs(everyMs));
      tick();
    };
    if (app.backgroundWorkStarts === 'ready') app.addHook('onReady', start);
    else app.addHook('onListen', start);
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await round;
    });
  },
  { name: 'catalogue-sync', dependencies: ['config', 'database', 'upstream-policy', 'catalogue-import'] },
);
