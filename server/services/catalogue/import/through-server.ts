// The commands' calls to the running server that holds the PGlite directory
// (the one place the server's own code calls it; tests/net/one-fetch.test.ts):
// the import over HTTP (stream.ts), which posts the source, passes its progress
// lines on as they arrive and returns the summary, or what went wrong as data;
// and catalogue:status's read of the operator status route.

import { importConfig } from '../config';
import { importErrorSchema, importStreamLine, ndjsonType, operatorImportPath, type ImportError } from './stream';
import type { ImportSummary } from './run';

export interface ThroughServerOptions {
  /** The server's origin, as its lock records it. */
  server: string;
  /** The operator token (ADMIN_TOKEN, else DATA_DIR/admin-token). */
  token: string;
  endpoint: URL;
  /** undefined: the whole source. */
  pages?: number;
  sinceLast: boolean;
  log: (line: string) => void;
}

/** status: the server's HTTP status when it refused the call (401: the token; 409: an import already running). */
export type ThroughServerResult = { ok: true; summary: ImportSummary } | { ok: false; status?: number; error: ImportError };

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function refusal(res: Response): Promise<ThroughServerResult> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: described by its status below
  }
  const parsed = importErrorSchema.safeParse((body as { error?: unknown } | null)?.error);
  const error = parsed.success ? parsed.data : { code: `HTTP_${res.status}`, message: `the server answered ${res.status} ${res.statusText}`, retryable: res.status >= 500 };
  return { ok: false, status: res.status, error };
}

/** The response body, line by line. */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = '';
  const reader = body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    pending += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = pending.indexOf('\n')) >= 0) {
      yield pending.slice(0, end);
      pending = pending.slice(end + 1);
    }
  }
  pending += decoder.decode();
  if (pending.trim() !== '') yield pending;
}

export async function importThroughServer(o: ThroughServerOptions): Promise<ThroughServerResult> {
  const target = new URL(operatorImportPath, o.server);
  let res: Response;
  try {
    res = await fetch(target, {
      method: 'POST',
      headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json', accept: ndjsonType },
      body: JSON.stringify({ url: o.endpoint.href, pages: o.pages, sinceLast: o.sinceLast }),
    });
  } catch (err) {
    return { ok: false, error: { code: 'SERVER_UNREACHABLE', message: `could not reach the server at ${o.server}: ${messageOf(err)}`, retryable: true } };
  }
  if (res.status !== 200 || !res.body) return refusal(res);
  try {
    for await (const text of lines(res.body)) {
      if (text.trim() === '') continue;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const line = importStreamLine.safeParse(json);
      if (!line.success) return { ok: false, error: { code: 'BAD_ANSWER', message: `the server sent a line that is not part of the import's answer: ${JSON.stringify(text.slice(0, importConfig.quotedChars))}`, retryable: false } };
      const data = line.data;
      if ('log' in data) o.log(data.log);
      else if ('summary' in data) return { ok: true, summary: data.summary };
      else if ('error' in data) return { ok: false, error: data.error };
    }
  } catch (err) {
    return { ok: false, error: { code: 'STREAM_CUT', message: `the connection to the server broke during the import (${messageOf(err)}); the server's log says how far it got`, retryable: true } };
  }
  return { ok: false, error: { code: 'STREAM_CUT', message: 'the server ended its answer before the import finished; the server\'s log says how far it got', retryable: true } };
}

/** catalogue:status through the server: its operator status route's status and JSON body (null when not JSON), or why it could not be reached. */
export async function statusThroughServer(server: string, token: string, statusPath: string): Promise<{ ok: true; status: number; body: unknown } | { ok: false; message: string }> {
  try {
    const res = await fetch(new URL(statusPath, server), { headers: { authorization: `Bearer ${token}` } });
    return { ok: true, status: res.status, body: await res.json().catch(() => null) };
  } catch (err) {
    return { ok: false, message: `could not reach the server at ${server}: ${messageOf(err)}` };
  }
}
