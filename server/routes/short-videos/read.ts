// Reading and removing short videos: the paged list, one clip, its playlist
// (public), and removal (needs the operator token, app.operatorOnly).

import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import { deleteShortVideo, getShortVideo, listShortVideos, shortVideoConfig, shortVideoJson } from '../../services/short-videos/index';
import { ok, parseInput } from './envelope';
import { idParams, listQuery } from './schemas';

const notFoundMessage = (id: number) => `Short video ${id} does not exist.`;

export default async function readRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;

  app.get('/api/v2/short-videos', async (req) => {
    const q = parseInput(listQuery, req.query, 'query');
    const { total, rows } = await listShortVideos(app.db, { page: q.page, pageSize: q.page_size, originalId: q.original_id, orderBy: q.order_by, orderDesc: q.order_desc });
    return ok(
      rows.map((r) => shortVideoJson(r, publicUrl)),
      { total, total_pages: Math.ceil(total / q.page_size), page: q.page, page_size: q.page_size },
    );
  });

  app.get('/api/v2/short-videos/:id', async (req) => {
    const { id } = parseInput(idParams, req.params, 'short video id');
    const row = await getShortVideo(app.db, id);
    if (!row) throw notFound(notFoundMessage(id));
    return ok(shortVideoJson(row, publicUrl));
  });

  app.get('/api/v2/short-videos/:id/index.m3u8', async (req, reply) => {
    const { id } = parseInput(idParams, req.params, 'short video id');
    const row = await getShortVideo(app.db, id);
    if (!row) throw notFound(notFoundMessage(id));
    return reply.header('Content-Type', 'application/vnd.apple.mpegurl').header('Cache-Control', `public, max-age=${shortVideoConfig.playlistMaxAgeS}`).send(row.playlist);
  });

  app.delete('/api/v2/short-videos/:id', { onRequest: app.operatorOnly }, async (req) => {
    const { id } = parseInput(idParams, req.params, 'short video id');
    if (!(await deleteShortVideo(app.db, id))) throw notFound(notFoundMessage(id));
    return ok({ id, deleted: true });
  });
}
