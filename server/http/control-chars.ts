// Text from clients never carries control characters: a NUL byte cannot be
// stored in a PostgreSQL text column (the driver fails the whole statement,
// which used to surface as a 500), and no field of this API means a control
// character. One hook refuses them in the query, the route parameters and the
// JSON body with a 400, before any route sees them.

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './errors';

/** C0 controls and DEL. Tab, CR and LF included: no field here is multi-line. */
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Nesting deeper than this is not walked (bodies here are flat; the body limit bounds the rest). */
const MAX_DEPTH = 8;

/** The path of the first string holding a control character, or null. */
export function controlCharacterAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path || 'value' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (CONTROL.test(k)) return path ? `${path}.${k.replace(CONTROL, '?')}` : k.replace(CONTROL, '?');
    const hit = controlCharacterAt(v, path ? `${path}.${k}` : k, depth + 1);
    if (hit !== null) return hit;
  }
  return null;
}

async function rejectControlCharacters(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (req) => {
    for (const [where, value] of [['query', req.query], ['path', req.params], ['body', req.body]] as const) {
      const at = controlCharacterAt(value);
      if (at !== null) throw badRequest(`Invalid ${where}: ${at} holds a control character.`, 'VALIDATION');
    }
  });
}

export default fp(rejectControlCharacters, { name: 'reject-control-characters' });
