// The calling player, from the credential in the body. A missing or malformed
// credential is as unusable as an unknown one: 401, so the client recovers.

import type { FastifyInstance } from 'fastify';
import { authenticate } from '../../services/players/auth';
import { hashCredential } from '../../services/players/credential';
import type { PlayerRow } from '../../services/players/db-types';
import { invalidCredential } from '../../services/players/errors';
import { credentialBody } from './schemas';

export async function requirePlayer(app: FastifyInstance, body: unknown): Promise<PlayerRow> {
  const r = credentialBody.safeParse(body ?? {});
  if (!r.success) throw invalidCredential(`Invalid credential: ${r.error.issues[0].message}.`);
  return authenticate(app.db, r.data.credential);
}

/** The credential's hash, after the same checks (for services that look the player up themselves). */
export function requireCredentialHash(body: unknown): string {
  const r = credentialBody.safeParse(body ?? {});
  if (!r.success) throw invalidCredential(`Invalid credential: ${r.error.issues[0].message}.`);
  return hashCredential(r.data.credential);
}
