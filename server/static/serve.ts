// A small static file server (node:http) for the built app and the demo media.
// Mounts map URL prefixes to directories; paths never leave their directory.
// Used by `npm start` until the real server lands, and by the e2e setup.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const contentTypes: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface Mount {
  /** URL prefix, e.g. '/' or '/media/'. Longest prefix wins. */
  prefix: string;
  /** Directory served under the prefix. */
  dir: string;
  /** Serve this file (relative to dir) for '/' (default index.html). */
  index?: string;
}

export interface StaticServerOptions {
  mounts: Mount[];
  port?: number;
  host?: string;
  /** Log one line per request. */
  log?: (line: string) => void;
}

export interface StaticServer {
  server: Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Map a URL path to a file inside `dir`, or null when it would escape it. */
export function resolveInside(dir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const root = path.resolve(dir);
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function cacheControl(file: string): string {
  if (file.endsWith('.m3u8') || file.endsWith('.html')) return 'no-cache';
  if (file.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

async function handle(mounts: Mount[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return send(res, 405, 'Method Not Allowed');
  }
  const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
  const mount = mounts.find((m) => pathname === m.prefix.replace(/\/$/, '') || pathname.startsWith(m.prefix));
  if (!mount) return send(res, 404, 'Not Found');
  let rest = pathname.slice(mount.prefix.length);
  if (rest === '' || rest.endsWith('/')) rest += mount.index ?? 'index.html';
  const file = resolveInside(mount.dir, rest);
  if (!file) return send(res, 403, 'Forbidden');
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return send(res, 404, 'Not Found');

  const headers: Record<string, string | number> = {
    'Content-Type': contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(file),
    'Last-Modified': info.mtime.toUTCString(),
    'Accept-Ranges': 'bytes',
    'Access-Control-Allow-Origin': '*',
  };
  let start = 0;
  let end = info.size - 1;
  let status = 200;
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (range && (range[1] || range[2])) {
    start = range[1] ? Number(range[1]) : Math.max(0, info.size - Number(range[2]));
    end = range[1] && range[2] ? Math.min(Number(range[2]), end) : end;
    if (start > end || start >= info.size) {
      res.writeHead(416, { 'Content-Range': `bytes */${info.size}` });
      return void res.end();
    }
    status = 206;
    headers['Content-Range'] = `bytes ${start}-${end}/${info.size}`;
  }
  headers['Content-Length'] = info.size === 0 ? 0 : end - start + 1;
  res.writeHead(status, headers);
  if (req.method === 'HEAD' || info.size === 0) return void res.end();
  const stream = createReadStream(file, { start, end });
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/** Start serving; resolves once listening. Port 0 picks a free port. */
export function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const mounts = [...options.mounts].sort((a, b) => b.prefix.length - a.prefix.length);
  const server = createServer((req, res) => {
    res.on('finish', () => options.log?.(`${res.statusCode} ${req.method} ${req.url}`));
    handle(mounts, req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  });
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        server,
        port,
        url: `http://${shownHost}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
