// A loopback HTTP server over one directory for tests that probe media the
// way a browser or the server would: single byte ranges (206, or 416 when
// unsatisfiable), CORS for any origin with Range allowed and Content-Range
// exposed, and a count of requests and body bytes sent, so a test can hold a
// prober to its budget. Paths outside the directory are a 404.

import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface RangeFileServer {
  /** http://127.0.0.1:<port> (no trailing slash). */
  origin: string;
  /** Requests answered (preflights included) and body bytes sent since the start or the last reset. */
  stats: { requests: number; bytes: number };
  reset(): void;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'Range',
  'access-control-expose-headers': 'Content-Range, Content-Length, Accept-Ranges',
};

/** First and last byte of a `bytes=a-b`, `bytes=a-` or `bytes=-n` range, or null when it cannot be served. */
function byteRange(header: string, size: number): [number, number] | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') return size === 0 ? null : [Math.max(0, size - Number(m[2])), size - 1];
  const first = Number(m[1]);
  const last = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return first < size && first <= last ? [first, last] : null;
}

export async function startRangeFileServer(root: string): Promise<RangeFileServer> {
  const stats = { requests: 0, bytes: 0 };
  const base = path.resolve(root);
  const server: Server = createServer((req, res) => {
    stats.requests++;
    void (async () => {
      if (req.method === 'OPTIONS') return void res.writeHead(204, { ...CORS, 'access-control-allow-methods': 'GET, HEAD' }).end();
      const file = path.resolve(base, `.${decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)}`);
      let body: Buffer;
      try {
        if (!file.startsWith(base + path.sep) || (req.method !== 'GET' && req.method !== 'HEAD')) throw new Error('refused');
        body = await readFile(file);
      } catch {
        return void res.writeHead(404, CORS).end();
      }
      const type = file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : file.endsWith('.ts') ? 'video/mp2t' : 'video/mp4';
      const headers = { ...CORS, 'content-type': type, 'accept-ranges': 'bytes' };
      const range = req.headers.range;
      if (range === undefined) {
        if (req.method === 'GET') stats.bytes += body.length;
        return void res.writeHead(200, { ...headers, 'content-length': body.length }).end(req.method === 'GET' ? body : undefined);
      }
      const r = byteRange(range, body.length);
      if (!r) return void res.writeHead(416, { ...headers, 'content-range': `bytes */${body.length}` }).end();
      const part = body.subarray(r[0], r[1] + 1);
      if (req.method === 'GET') stats.bytes += part.length;
      res.writeHead(206, { ...headers, 'content-length': part.length, 'content-range': `bytes ${r[0]}-${r[1]}/${body.length}` }).end(req.method === 'GET' ? part : undefined);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stats,
    reset: () => Object.assign(stats, { requests: 0, bytes: 0 }),
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
