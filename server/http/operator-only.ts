// The operator credential on the routes that change the service (the
// short-video writes, the catalogue import): `Authorization: Bearer
// <ADMIN_TOKEN>`, checked in onRequest, before the body is read. Missing or
// wrong: a 401 HttpError, which each route family answers in its envelope.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAdminToken, loadAdminToken } from '../security/admin-token';
import { HttpError } from './errors';

export type OperatorCheck = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** An onRequest hook refusing requests without the operator token. */
export function operatorOnly(app: FastifyInstance): OperatorCheck {
  // start.ts fills adminToken; an app built without one keeps a generated token in DATA_DIR.
  const token = app.config.adminToken ?? loadAdminToken(undefined, app.config.dataDir);
  return async (req, reply) => {
    const sent = req.headers.authorization;
    if (isAdminToken(sent, token)) return;
    reply.header('WWW-Authenticate', 'Bearer realm="clipfeed operator"');
    throw new HttpError(
      401,
      'UNAUTHORIZED',
      sent === undefined
        ? 'This operation needs the operator token: send "Authorization: Bearer <token>" (ADMIN_TOKEN, or the file admin-token in the server\'s DATA_DIR).'
        : 'The operator token is wrong: send "Authorization: Bearer <token>" with ADMIN_TOKEN or the contents of DATA_DIR/admin-token.',
    );
  };
}
