// The short-video service's envelope (spec 1 §7): {success: true, data, ...}
// or {success: false, message} with a 4xx/5xx status. Input is parsed with a
// schema, never cast; a failure names each bad field.

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, describeError } from '../../http/errors';

export function ok<T, E extends object>(data: T, extra?: E): { success: true; data: T } & E {
  return { success: true, data, ...(extra as E) };
}

export function failure(message: string, code: string): { success: false; message: string; error: string } {
  return { success: false, message, error: code };
}

export function v2ErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const d = describeError(err);
  if (d.statusCode >= 500) req.log.error({ err }, 'short-video request failed');
  reply.header('Cache-Control', 'no-store').status(d.statusCode).send(failure(d.message, d.code));
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  const problems = r.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  throw badRequest(`Invalid ${what}: ${problems.join('; ')}.`, 'VALIDATION');
}
