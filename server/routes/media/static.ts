// The demo media files: DATA_DIR/demo at /media/demo/ and the older
// DATA_DIR/media (npm run media, e2e) at /media/. Content types are set here
// for playlists, segments and images so players never guess; segments and
// posters cache for a day, playlists briefly (a new demo version rewrites them).

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import path from 'node:path';
import { demoConfig } from '../../demo/config';
import { mediaConfig, mediaTypes } from '../../media/config';

function setHeaders(reply: FastifyReply, file: string): void {
  const ext = path.extname(file).toLowerCase();
  const type = mediaTypes[ext];
  if (type) reply.header('Content-Type', type);
  reply.header('Cache-Control', `public, max-age=${ext === '.m3u8' ? mediaConfig.playlistMaxAgeS : mediaConfig.fileMaxAgeS}`);
}

export default async function staticMedia(app: FastifyInstance): Promise<void> {
  const dataDir = path.resolve(app.config.dataDir);
  // The directories may appear after start (demo content made later, npm run media): no warning when missing.
  // Dot-files (the demo's stamp, staging directories) are never served: @fastify/static would allow them.
  const common = { index: false, list: false, cacheControl: false, dotfiles: 'ignore', setHeaders, suppressWarning: true } as const;
  await app.register(fastifyStatic, { ...common, root: path.join(dataDir, demoConfig.dirName), prefix: `${demoConfig.urlPath}/` });
  await app.register(fastifyStatic, { ...common, root: path.join(dataDir, mediaConfig.legacyDirName), prefix: mediaConfig.urlPrefix, decorateReply: false });
}
