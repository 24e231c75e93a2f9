// POST /api/v1/operator/catalogue/import {url, pages?, sinceLast?}: the catalogue import
// run in this process, for `npm run catalogue:import` when this server holds
// the PGlite directory (only one process may open it, issue 13). Progress is
// streamed as NDJSON (services/catalogue/import/stream.ts) so the operator
// sees it live and a long import keeps the socket busy. The import fetches
// under the same upstream policy as the command (app.upstreamPolicy): public
// addresses, this server's own origin and ALLOWED_PRIVATE_UPSTREAMS. One
// import runs at a time: on this server (app.catalogueImport), and across the
// processes sharing the database (the sync's advisory lock, held for the whole
// import: 409 while a scheduled sync or another import holds it). A server
// shutting down stops the import and closes its run as interrupted.

import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors';
import { redactText } from '../../http/redact';
import { encodeLine, importCatalogue, loadCategoryMap, ndjsonType, operatorImportPath, progressLines, type ImportStreamLine } from '../../services/catalogue/import/index';
import { importLockHeld, takeImportLock } from '../../services/catalogue/sync/index';
import { operatorRouteConfig } from './config';
import { errorData, parseInput } from './envelope';
import { importBody } from './schemas';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export default async function catalogueImportRoutes(app: FastifyInstance): Promise<void> {
  app.post(operatorImportPath, { onRequest: app.operatorOnly, bodyLimit: operatorRouteConfig.bodyBytes }, async (req, reply) => {
    const body = parseInput(importBody, req.body, 'request body');
    // A bad mapping file stops the import before it starts, naming the field (the operator edits it while the server runs).
    const categoryMap = loadCategoryMap(app.config.dataDir);
    if (!categoryMap.ok) throw new HttpError(422, 'CATEGORY_MAP_INVALID', categoryMap.message);
    const claim = app.catalogueImport.claim(body.url.host);
    if (!claim.ok) {
      if ('closing' in claim) throw new HttpError(503, 'SHUTTING_DOWN', 'The server is shutting down; run the import on it again once it is back.');
      const { running } = claim;
      throw new HttpError(
        409,
        'IMPORT_RUNNING',
        `An import of ${running.source} has been running on this server since ${running.startedAt.toISOString()}; one runs at a time. Try again when it has finished.`,
      );
    }
    const lock = await takeImportLock(app.db).catch((err: unknown) => {
      claim.release();
      throw err;
    });
    if (!lock) {
      claim.release();
      throw new HttpError(409, 'IMPORT_RUNNING', importLockHeld);
    }

    const out = new PassThrough();
    // A client that went away leaves the stream destroyed (Fastify does that): the import goes on,
    // its lines are dropped, and the server's log has how it ended.
    const send = (line: ImportStreamLine) => {
      if (!out.destroyed && !out.writableEnded) out.write(encodeLine(line));
    };
    const heartbeat = setInterval(() => send({ heartbeat: true }), operatorRouteConfig.heartbeatMs);
    req.log.info({ source: body.url.host, pages: body.pages, sinceLast: body.sinceLast }, 'catalogue import started');
    const scope = body.sinceLast ? 'what changed since the last sync' : body.pages === undefined ? 'the whole source' : `up to ${body.pages} list page${body.pages === 1 ? '' : 's'}`;
    send({ log: `importing ${body.url.href} (${scope}) in the server` });

    const log = (line: string) => send({ log: line });
    importCatalogue(app.db, body.url, { pages: body.pages, sinceLast: body.sinceLast, network: app.upstreamPolicy, categoryMap: categoryMap.map, log, logPages: true, onProgress: progressLines(log), signal: claim.signal })
      .then(
        (summary) => {
          req.log.info({ source: summary.source, pages: summary.pages, videos: summary.videos, errors: summary.errors.length }, 'catalogue import finished');
          send({ summary });
        },
        (err: unknown) => {
          req.log.error({ err }, 'catalogue import failed');
          send(errorData('IMPORT_FAILED', `import failed: ${redactText(messageOf(err))}`, 500));
        },
      )
      .finally(async () => {
        clearInterval(heartbeat);
        // The lock first: the slot's release is what a closing server waits for before the database closes.
        await lock.release().catch((err: unknown) => req.log.error({ err }, 'could not release the catalogue import lock'));
        claim.release();
        out.end();
      });

    // Proxies that buffer answers (nginx) are asked not to: the lines are progress.
    return reply.type(ndjsonType).header('X-Accel-Buffering', 'no').send(out);
  });
}
