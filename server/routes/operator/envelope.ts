// The operator routes' envelope: every refusal is {error: {code, message,
// retryable}} with a 4xx/5xx status, the shape the import's stream ends with
// when it fails (services/catalogue/import/stream.ts). Input is parsed with a
// schema, never cast; a failure names each bad field.

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, describeError } from '../../http/errors';
import type { ImportError } from '../../services/catalogue/import/index';

/** Worth trying again later: another import was running, or the server failed. */
const retryable = (status: number) => status === 409 || status >= 500;

export function errorData(code: string, message: string, status: number): { error: ImportError } {
  return { error: { code, message, retryable: retryable(status) } };
}

export function operatorErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const d = describeError(err);
  if (d.statusCode >= 500) req.log.error({ err }, 'operator request failed');
  reply.header('Cache-Control', 'no-store').status(d.statusCode).send(errorData(d.code, d.message, d.statusCode));
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const problems = r.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  throw badRequest(`Invalid ${what}: ${problems.join('; ')}.`, 'VALIDATION');
}
