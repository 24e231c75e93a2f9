// The catalogue import's one slot on this server, as app.catalogueImport: two
// imports at once would race on the same category and video rows, and double
// the load on the source. Per app, so every server (and test app) has its own.
// Closing the app stops the import holding the slot (its signal) and waits
// for it to close its run as interrupted, so the database closes after it;
// from then on the slot is refused.

import fp from 'fastify-plugin';

export interface RunningImport {
  /** The source's host. */
  source: string;
  startedAt: Date;
}

export type ImportClaim = { ok: true; signal: AbortSignal; release(): void } | { ok: false; running: RunningImport } | { ok: false; closing: true };

export interface CatalogueImportSlot {
  /** Takes the slot for an import of `source`, or says which import holds it (or that the server is stopping). */
  claim(source: string): ImportClaim;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueImport: CatalogueImportSlot;
  }
}

interface Held extends RunningImport {
  stop: AbortController;
  released: Promise<void>;
}

export default fp(
  async (app) => {
    let running: Held | null = null;
    let closing = false;
    app.decorate('catalogueImport', {
      claim(source) {
        if (closing) return { ok: false, closing: true };
        if (running) return { ok: false, running: { source: running.source, startedAt: running.startedAt } };
        let done!: () => void;
        const released = new Promise<void>((resolve) => {
          done = resolve;
        });
        const mine: Held = { source, startedAt: new Date(), stop: new AbortController(), released };
        running = mine;
        return {
          ok: true,
          signal: mine.stop.signal,
          release() {
            if (running === mine) running = null;
            done();
          },
        };
      },
    } satisfies CatalogueImportSlot);
    app.addHook('preClose', async () => {
      closing = true;
      if (!running) return;
      running.stop.abort(new Error('the server shut down before the run finished'));
      await running.released;
    });
  },
  { name: 'catalogue-import' },
);
