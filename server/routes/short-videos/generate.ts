// Generation: one video, a batch, or every video without a clip. Each call
// queues persisted tasks and wakes the worker; the answer carries the task
// ids to poll at /tasks/{id}/status. Queuing needs the operator token
// (app.operatorOnly); a task's status is public.

import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import { getTask, requestAllClips, requestClip, requestClips, taskJson, toClipRequest } from '../../services/short-videos/index';
import { ok, parseInput } from './envelope';
import { batchBody, generateBody, idParams } from './schemas';

export default async function generateRoutes(app: FastifyInstance): Promise<void> {
  const worker = app.taskWorker;
  const operator = app.operatorOnly;

  app.post('/api/v2/videos/:id/short-videos/generate', { onRequest: operator }, async (req, reply) => {
    const { id } = parseInput(idParams, req.params, 'video id');
    const body = parseInput(generateBody, req.body, 'request body');
    const r = await requestClip(app.db, id, toClipRequest(body.config));
    if (!r) throw notFound(`Video ${id} is not in the catalogue.`);
    worker.wake();
    return reply.status(202).send(ok(taskJson(r.task), { created: r.created }));
  });

  app.post('/api/v2/short-videos/batch-generate', { onRequest: operator }, async (req, reply) => {
    const body = parseInput(batchBody, req.body, 'request body');
    const { tasks, missing } = await requestClips(app.db, body.video_ids, toClipRequest(body.config));
    if (tasks.length === 0) throw notFound(`None of the videos ${missing.join(', ')} is in the catalogue.`);
    worker.wake();
    return reply.status(202).send(ok({ tasks: tasks.map(taskJson), missing }));
  });

  app.post('/api/v2/short-videos/generate-all', { onRequest: operator }, async (req, reply) => {
    const body = parseInput(generateBody, req.body, 'request body');
    const tasks = await requestAllClips(app.db, toClipRequest(body.config));
    if (tasks.length > 0) worker.wake();
    return reply.status(202).send(ok({ created: tasks.length, task_ids: tasks.map((t) => t.id) }));
  });

  app.get('/api/v2/short-videos/tasks/:id/status', async (req) => {
    const { id } = parseInput(idParams, req.params, 'task id');
    const task = await getTask(app.db, id);
    if (!task) throw notFound(`Task ${id} does not exist.`);
    return ok(taskJson(task));
  });
}
