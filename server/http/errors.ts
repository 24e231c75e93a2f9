// Errors that cross the network are data: a status, a stable code and a
// message fit to show. Route families wrap them in their own envelopes.

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new HttpError(400, code, message);
export const notFound = (message: string, code = 'NOT_FOUND') => new HttpError(404, code, message);

/** The status and a safe message for any error: 4xx keep theirs, 5xx never leak details. */
export function describeError(err: unknown): { statusCode: number; code: string; message: string } {
  const e = err as { statusCode?: number; code?: string; message?: string; validation?: unknown };
  if (err instanceof HttpError) return { statusCode: err.statusCode, code: err.code, message: err.message };
  if (e && e.validation) return { statusCode: 400, code: 'VALIDATION', message: e.message ?? 'Invalid request.' };
  const status = typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 500;
  if (status < 500) return { statusCode: status, code: e.code ?? 'BAD_REQUEST', message: e.message ?? 'Bad request.' };
  return { statusCode: 500, code: 'INTERNAL', message: 'Internal server error.' };
}
