// POST /api/v1/operator/catalogue/import {url, pages?}: the catalogue import
// run in this process, for `npm run catalogue:import` when this server holds
// the PGlite directory (only one process may open it, issue 13). Progress is
// streamed as NDJSON (services/catalogue/import/stream.ts) so the operator
// sees it live and a long import keeps the socket busy. The import fetches
// under the same upstream policy as the command: public addresses, this
// server's own origin and ALLOWED_PRIVATE_UPSTREAMS.

import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors';
import type { OperatorCheck } from '../../http/operator-only';
import { redactText } from '../../http/redact';
import { upstreamPolicyFor } from '../../net/upstream-policy';
import { encodeLine, importCatalogue, ndjsonType, operatorImportPath, type ImportStreamLine } from '../../services/catalogue/import/index';
import { operatorRouteConfig } from './config';
import { errorData, parseInput } from './envelope';
import { importBody } from './schemas';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export default async function catalogueImportRoutes(app: FastifyInstance, opts: { operator: OperatorCheck }): Promise<void> {
  const network = upstreamPolicyFor(app);
  // One import at a time on a server: two would race on the same category and video rows, and
  // double the load on the source. Per app, so every server (and test app) has its own.
  let running: { source: string; startedAt: Date } | null = null;

  app.post(operatorImportPath, { onRequest: opts.operator, bodyLimit: operatorRouteConfig.bodyBytes }, async (req, reply) => {
    const body = parseInput(importBody, req.body, 'request body');
    if (running) {
      throw new HttpError(
        409,
        'IMPORT_RUNNING',
        `An import of ${running.source} has been running on this server since ${running.startedAt.toISOString()}; one runs at a time. Try again when it has finished.`,
      );
    }
    running = { source: body.url.host, startedAt: new Date() };

    const out = new PassThrough();
    // A client that went away leaves the stream destroyed (Fastify does that): the import goes on,
    // its lines are dropped, and the server's log has how it ended.
    const send = (line: ImportStreamLine) => {
      if (!out.destroyed && !out.writableEnded) out.write(encodeLine(line));
    };
    const heartbeat = setInterval(() => send({ heartbeat: true }), operatorRouteConfig.heartbeatMs);
    req.log.info({ source: body.url.host, pages: body.pages }, 'catalogue import started');
    send({ log: `importing ${body.url.href} (up to ${body.pages} list page${body.pages === 1 ? '' : 's'}) in the server` });

    importCatalogue(app.db, body.url, { pages: body.pages, network, log: (line) => send({ log: line }) })
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
      .finally(() => {
        clearInterval(heartbeat);
        running = null;
        out.end();
      });

    // Proxies that buffer answers (nginx) are asked not to: the lines are progress.
    return reply.type(ndjsonType).header('X-Accel-Buffering', 'no').send(out);
  });
}
