// GET /: the built index.html with the feed's first poster named in its head
// (first-poster.ts), so the poster is on screen long before the app's
// JavaScript, and the app config answer embedded (app-config-embed.ts), so the
// first render has the server's flags. Compressed as the client accepts and kept per poster (the
// catalogue's first item changes rarely); revalidated on every visit
// (no-cache, ETag), as the static page was. When the catalogue is slow or
// fails, the page goes out as built, without a poster: never later for it.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { staticConfig } from './config';
import { appConfigAnswer } from '../services/app-config';
import { withAppConfig } from './app-config-embed';
import { withCatalogueMark } from './catalogue-mark';
import { firstPosterOf, withFirstPoster, type FirstPoster } from './first-poster';

export interface IndexPageOptions {
  /** The built app (dist/), holding index.html. */
  dist: string;
  /** The app pages' Content-Security-Policy (server/http/security-headers.ts), when there is one. */
  policy: string | null;
}

interface Page {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

type Encoding = 'br' | 'gzip' | null;

function compressed(html: string): Page {
  const identity = Buffer.from(html, 'utf8');
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** The encoding to send: brotli, else gzip, when Accept-Encoding takes it (q=0 refuses). */
function pickEncoding(header: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}

/** The first poster from the feed's own first catalogue request (the same answer cache), or null past the wait. */
async function firstPoster(app: FastifyInstance): Promise<FirstPoster | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), staticConfig.firstPosterWaitMs);
  });
  const answer = app.inject({ method: 'GET', url: staticConfig.firstPageUrl }).then(
    (res) => (res.statusCode === 200 ? firstPosterOf(res.json()) : null),
    () => null,
  );
  try {
    return await Promise.race([answer.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the address opens on the feed's first item, by index.html's inline script's rule (not when restoring a video: i=). */
function opensOnFeed(query: unknown): boolean {
  const q = (query ?? {}) as Record<string, unknown>;
  const n = q.n;
  const feed = n ? n === 'douyin' : !(q.vid || q.q || q.c || q.tab || q.pg);
  return feed && !q.i;
}

export default async function indexPage(app: FastifyInstance, options: IndexPageOptions): Promise<void> {
  // The app config is read once when the app is built, so the mark and the embedded answer are part of the page for the process's life.
  const hasConfig = app.hasDecorator('appConfig');
  const alternative = hasConfig && app.appConfig.flags.useAlternativeEndpoint;
  const marked = withCatalogueMark(readFileSync(path.join(options.dist, 'index.html'), 'utf8'), alternative);
  const built = hasConfig ? withAppConfig(marked, appConfigAnswer(app.appConfig, app.config.publicUrl, app.config.points.partnerPointsRequired)) : marked;
  const pages = new Map<string, Page>();
  const pageFor = (poster: FirstPoster | null): Page => {
    const key = poster ? `${poster.id} ${poster.url}` : '';
    let page = pages.get(key);
    if (!page) {
      if (pages.size >= staticConfig.pageCacheEntries) pages.clear();
      page = compressed(withFirstPoster(built, poster));
      pages.set(key, page);
    }
    return page;
  };

  app.get('/', async (req, reply) => {
    // Only a visit that opens on the feed shows the poster: another page goes out as built, without waiting for it.
    const page = pageFor(opensOnFeed(req.query) ? await firstPoster(app) : null);
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', page.etag);
    if (options.policy) reply.header('content-security-policy', options.policy);
    if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
  });
}
