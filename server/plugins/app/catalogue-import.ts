// The catalogue import's one slot on this server, as app.catalogueImport: two
// imports at once would race on the same category and video rows, and double
// the load on the source. Per app, so every server (and test app) has its own.

import fp from 'fastify-plugin';

export interface RunningImport {
  /** The source's host. */
  source: string;
  startedAt: Date;
}

export type ImportClaim = { ok: true; release(): void } | { ok: false; running: RunningImport };

export interface CatalogueImportSlot {
  /** Takes the slot for an import of `source`, or says which import holds it. */
  claim(source: string): ImportClaim;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueImport: CatalogueImportSlot;
  }
}

export default fp(
  async (app) => {
    let running: RunningImport | null = null;
    app.decorate('catalogueImport', {
      claim(source) {
        if (running) return { ok: false, running };
        const mine: RunningImport = { source, startedAt: new Date() };
        running = mine;
        return {
          ok: true,
          release() {
            if (running === mine) running = null;
          },
        };
      },
    } satisfies CatalogueImportSlot);
  },
  { name: 'catalogue-import' },
);
