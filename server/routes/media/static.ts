// The demo media files: DATA_DIR/demo at /media/demo/ (where the demo says,
// server/demo/defaults.ts, handed in by app.ts) and the older
// DATA_DIR/media (npm run media, e2e) at /media/. Content types are set here
// for playlists, segments and images so players never guess; segments and
// posters cache for a day, playlists briefly (a new demo version rewrites them).

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import path from 'node:path';
import { mediaConfig, mediaTypes } from '../../services/media/config';

/** A directory of DATA_DIR and the URL path it is served at. */
export interface MediaMount {
  dirName: string;
  urlPath: string;
}

function setHeaders(reply: FastifyReply, file: string): void {
  const ext = path.extname(file).toLowerCase();
  const type = mediaTypes[ext];
  if (type) reply.header('Content-Type', type);
  reply.header('Cache-Control', `public, max-age=${ext === '.m3u8' ? mediaConfig.playlistMaxAgeS : mediaConfig.fileMaxAgeS}`);
}

export default async function staticMedia(app: FastifyInstance, opts: { demo: MediaMount }): Promise<void> {
  const dataDir = path.resolve(app.config.dataDir);
  // The directories may appear after start (demo content made later, npm run media): no warning when missing.
  // Dot-files (the demo's stamp, staging directories) are never served: @fastify/static would allow them.
  const common = { index: false, list: false, cacheControl: false, dotfiles: 'ignore', setHeaders, suppressWarning: true } as const;
  await app.register(fastifyStatic, { ...common, root: path.join(dataDir, opts.demo.dirName), prefix: `${opts.demo.urlPath}/` });
  await app.register(fastifyStatic, { ...common, root: path.join(dataDir, mediaConfig.legacyDirName), prefix: mediaConfig.urlPrefix, decorateReply: false });
}
