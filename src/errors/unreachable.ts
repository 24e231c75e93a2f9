// Which failures may be the network's rather than the content's (issue 16
// point 4): nothing came back (refused, reset, no network, timed out), or a
// gateway answered for a server that is gone. Such a failure is only a
// suspicion: the caller asks the connection (notices/connection.ts), whose
// probe of our own server decides. Everything else (a 404, a decode error, a
// playlist that does not parse) is the content's, whatever the network does.

import { unreachableConfig } from './config';

/** An HTTP status that says nothing reached the server: none at all (0), or a proxy's "the server is gone". */
export function isUnreachableStatus(status: number | undefined): boolean {
  return status === undefined || (unreachableConfig.statuses as readonly number[]).includes(status);
}

/** Failures as data ({code, status?}): the page's API errors (api/http.ts) and the engine worker's (workers/core/types.ts). */
export function isUnreachableError(error: { code: string; status?: number }): boolean {
  if ((unreachableConfig.networkCodes as readonly string[]).includes(error.code)) return true;
  return (unreachableConfig.httpCodes as readonly string[]).includes(error.code) && error.status !== undefined && isUnreachableStatus(error.status);
}

// A fetch, a module script or a stylesheet that could not be fetched, in Chromium's, Firefox's and Safari's words,
// and Vite's for a page chunk's stylesheet.
const UNREACHABLE_TEXT =
  /failed to fetch|networkerror|network error|load failed|dynamically imported module|importing a module script failed|unable to preload css|ChunkLoadError|Loading (?:CSS )?chunk \S+ failed|ERR_INTERNET_DISCONNECTED|ERR_NETWORK|ERR_CONNECTION|ERR_NAME_NOT_RESOLVED/i;

/** A thrown value (an Error, a rejection reason, an ErrorEvent's message) that says something could not be fetched. */
export function isUnreachableThrown(value: unknown): boolean {
  if (typeof value === 'string') return UNREACHABLE_TEXT.test(value);
  if (typeof value !== 'object' || value === null) return false;
  const { code, status, message, cause } = value as { code?: unknown; status?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && isUnreachableError({ code, status: typeof status === 'number' ? status : undefined })) return true;
  if (typeof message === 'string' && UNREACHABLE_TEXT.test(message)) return true;
  return cause !== undefined && cause !== value && isUnreachableThrown(cause);
}
