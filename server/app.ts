// The server app, in the fastify/demo order (STYLE.md 12): external plugins
// (config, database) -> app plugins (services as fastify-plugin decorators,
// each naming the plugins it needs) -> routes (one folder per URL family,
// reading app.<service>) -> the web app's static files. The demo's defaults
// (its ads, where its media are served) are handed in here, so services never
// import demo/. Tests build it and use inject().

import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { httpLimits, type ServerConfig } from './config';
import type { Database } from './db/client';
import { demoAppConfigDefaults, demoMedia } from './demo/defaults';
import rejectControlCharacters from './http/control-chars';
import securityHeaders, { appPagePolicy } from './http/security-headers';
import saveDataHint from './http/save-data';
import apiCompression from './http/compression';
import { describeError } from './http/errors';
import { logSerializers } from './http/redact';
import appConfigPlugin from './plugins/app/app-config';
import catalogueCachePlugin from './plugins/app/catalogue-cache';
import catalogueImportPlugin from './plugins/app/catalogue-import';
import catalogueSyncPlugin from './plugins/app/catalogue-sync';
import cleanServicePlugin from './plugins/app/clean-service';
import hostAllowListPlugin from './plugins/app/host-allow-list';
import operatorOnlyPlugin from './plugins/app/operator-only';
import paymentsPlugin from './plugins/app/payments';
import playerRulesPlugin from './plugins/app/player-rules';
import signOnPlugin from './plugins/app/sign-on';
import taskWorkerPlugin from './plugins/app/task-worker';
import upstreamPolicyPlugin from './plugins/app/upstream-policy';
import configPlugin from './plugins/external/config';
import databasePlugin from './plugins/external/database';
import analyticsRoutes from './routes/analytics/index';
import appConfigRoutes from './routes/app-config';
import catalogueRoutes from './routes/catalogue/index';
import healthRoutes from './routes/health';
import mediaRoutes from './routes/media/index';
import operatorRoutes from './routes/operator/index';
import partnerRoutes from './routes/partner/index';
import paymentRoutes from './routes/payments/index';
import playerRoutes from './routes/player/index';
import shortVideoRoutes from './routes/short-videos/index';
import indexPage from './static/index-page';

export interface BuildOptions {
  config: ServerConfig;
  database: Database;
  /** The built web app (dist/); served at / when present. */
  distDir?: string;
  /** Log requests (off in tests). */
  logger?: boolean;
  /** Close the database with the app (default true). */
  closeDatabase?: boolean;
  /** When the task worker starts: once the server listens (default), or when ready (apps only driven by inject()). */
  backgroundWorkStarts?: 'listen' | 'ready';
}

/** Fastify's trustProxy: a hop count is a function of the hop (what proxy-addr does for a number; Fastify's types take no number). */
function trustProxyOption(setting: ServerConfig['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    logger: options.logger ? { level: options.config.logLevel, serializers: logSerializers as never } : false,
    // TRUST_PROXY (off by default): only then does X-Forwarded-For name the client, and only
    // as far as the trusted hops or proxy addresses say; a forged header from anyone else is ignored.
    trustProxy: trustProxyOption(options.config.trustProxy),
    bodyLimit: httpLimits.bodyBytes,
    // An unfinished or idle request is closed within 30 s (issue 13: slow-request holders).
    connectionTimeout: httpLimits.idleSocketMs,
    requestTimeout: httpLimits.requestMs,
    keepAliveTimeout: httpLimits.keepAliveMs,
    // Node checks request and header deadlines on an interval (30 s by default): check often,
    // so a request that dribbles in is cut off within 30 s, not a minute.
    http: { headersTimeout: httpLimits.headersMs, connectionsCheckingInterval: httpLimits.deadlineCheckMs },
    return503OnClosing: true,
    // On close: finish requests in flight, drop idle keep-alive connections (browsers hold them open),
    // after the drain below.
    forceCloseConnections: 'idle',
  });
  // Graceful close: requests in flight finish, and their answers end the
  // keep-alive connection so the server can actually stop.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // A listening server drains first: for a moment every request (on a kept-alive connection or
    // a new one) is answered 503 with Connection: close (return503OnClosing), so a client that
    // sends one as the stop begins gets an answer to retry on, not a reset connection.
    if (app.server.listening) await new Promise((r) => setTimeout(r, httpLimits.drainMs));
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await app.register(configPlugin, { config: options.config, backgroundWorkStarts: options.backgroundWorkStarts });
  await app.register(databasePlugin, { database: options.database, closeOnShutdown: options.closeDatabase });

  // App plugins: each declares what it needs (fastify-plugin checks the order).
  await app.register(appConfigPlugin, { defaults: demoAppConfigDefaults() });
  await app.register(signOnPlugin);
  await app.register(playerRulesPlugin);
  await app.register(paymentsPlugin);
  await app.register(operatorOnlyPlugin);
  await app.register(upstreamPolicyPlugin);
  await app.register(hostAllowListPlugin);
  await app.register(cleanServicePlugin);
  await app.register(taskWorkerPlugin);
  await app.register(catalogueCachePlugin);
  await app.register(catalogueImportPlugin);
  await app.register(catalogueSyncPlugin);

  // Last resort: route families map errors into their own envelopes; anything
  // reaching here answers with a status and a safe message, never a stack.
  app.setErrorHandler((err, req, reply) => {
    const d = describeError(err);
    if (d.statusCode >= 500) req.log.error({ err }, 'request failed');
    reply.status(d.statusCode).send({ code: d.statusCode, message: d.message, data: null });
  });

  await app.register(securityHeaders);
  await app.register(saveDataHint);
  await app.register(rejectControlCharacters);
  // The routes' answers are compressed as sent (server/http/compression.ts), in this scope only:
  // the web app's files and page below are compressed ahead and must not pass through it.
  await app.register(async (api) => {
    await api.register(apiCompression);
    await api.register(playerRoutes);
    await api.register(partnerRoutes);
    await api.register(paymentRoutes);
    await api.register(catalogueRoutes);
    await api.register(shortVideoRoutes);
    await api.register(mediaRoutes, { demoMedia });
    await api.register(appConfigRoutes);
    await api.register(analyticsRoutes);
    await api.register(operatorRoutes);
    await api.register(healthRoutes);
  });

  const dist = options.distDir;
  const pagePolicy = appPagePolicy(dist);
  if (dist && existsSync(path.join(dist, 'index.html'))) {
    // Pre-compressed copies (server/static/precompress.ts); hashed assets never change, the page itself is revalidated.
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      // The page is sent by the route below: with preCompressed, @fastify/static answers 404 for a directory index.
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (pagePolicy && /\.html(\.(br|gz))?$/.test(file)) res.header('Content-Security-Policy', pagePolicy);
      },
    });
  }
  // The page itself names the feed's first poster (server/static/index-page.ts).
  if (dist && existsSync(path.join(dist, 'index.html'))) await app.register(indexPage, { dist, policy: pagePolicy });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ code: 404, message: `Not found: ${req.method} ${req.url.split('?')[0]}`, data: null });
  });
  return app;
}
