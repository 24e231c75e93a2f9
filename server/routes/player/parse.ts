// Request input is parsed, never cast: a schema failure becomes a 400 naming
// each bad field.

import type { z } from 'zod';
import { badRequest } from '../../http/errors';

export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what = 'request body'): z.output<S> {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  const problems = r.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  throw badRequest(`Invalid ${what}: ${problems.join('; ')}.`, 'validation');
}
