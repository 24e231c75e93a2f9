// The player API's envelope {code, message, data}: code 200 is success, any
// other code is the HTTP status of the error, with data.error a stable name.

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { describeError } from '../../http/errors';

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: 200, message, data };
}

export function envelopeErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const d = describeError(err);
  if (d.statusCode >= 500) req.log.error({ err }, 'player API request failed');
  reply.status(d.statusCode).send({ code: d.statusCode, message: d.message, data: { error: d.code } });
}
