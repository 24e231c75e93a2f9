// The loopback server that serves the same-look corpus to probing tests
// (tests/support/range-file-server.ts): a first-bytes Range request gets
// exactly those bytes, CORS lets a worker read them, and it counts what it sent.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRangeFileServer, type RangeFileServer } from '../support/range-file-server';

const root = fileURLToPath(new URL('../fixtures/same-look-ads/', import.meta.url));
const labels = JSON.parse(readFileSync(`${root}labels.json`, 'utf8')) as Record<string, { playlist: string }>;
const playlist = labels['resolution-no-tags'].playlist;
const segment = readFileSync(`${root}${playlist}`, 'utf8').split('\n').find((l) => l.endsWith('.ts'))!;
const segmentPath = `/${playlist.replace(/index\.m3u8$/, '')}${segment}`;
const whole = readFileSync(`${root}${segmentPath.slice(1)}`);

let server: RangeFileServer;
beforeAll(async () => {
  server = await startRangeFileServer(root);
});
afterAll(async () => server?.close());

describe('range file server over the same-look corpus', () => {
  it('answers a Range of the first N bytes with 206 and exactly those N bytes, and counts them', async () => {
    server.reset();
    const res = await fetch(`${server.origin}${segmentPath}`, { headers: { range: 'bytes=0-4095' } });
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(206);
    expect(body.length).toBe(4096);
    expect(body.equals(whole.subarray(0, 4096))).toBe(true);
    expect(res.headers.get('content-range')).toBe(`bytes 0-4095/${whole.length}`);
    expect(server.stats).toEqual({ requests: 1, bytes: 4096 });
  });

  it('serves a range from the middle, a suffix, and the whole file, counting every byte', async () => {
    server.reset();
    const mid = Buffer.from(await (await fetch(`${server.origin}${segmentPath}`, { headers: { range: 'bytes=188-375' } })).arrayBuffer());
    expect(mid.equals(whole.subarray(188, 376))).toBe(true);
    const tail = Buffer.from(await (await fetch(`${server.origin}${segmentPath}`, { headers: { range: 'bytes=-10' } })).arrayBuffer());
    expect(tail.equals(whole.subarray(whole.length - 10))).toBe(true);
    const all = await fetch(`${server.origin}${segmentPath}`);
    expect(all.status).toBe(200);
    expect(Buffer.from(await all.arrayBuffer()).equals(whole)).toBe(true);
    expect(server.stats).toEqual({ requests: 3, bytes: 188 + 10 + whole.length });
  });

  it('lets any origin send Range and read Content-Range (preflight included)', async () => {
    const pre = await fetch(`${server.origin}${segmentPath}`, { method: 'OPTIONS', headers: { origin: 'http://app.test', 'access-control-request-headers': 'range' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/range/i);
    const res = await fetch(`${server.origin}${segmentPath}`, { headers: { origin: 'http://app.test', range: 'bytes=0-0' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/content-range/i);
  });

  it('refuses what it cannot serve: a range past the end (416), a missing file or a path outside the corpus (404)', async () => {
    const past = await fetch(`${server.origin}${segmentPath}`, { headers: { range: `bytes=${whole.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    expect((await fetch(`${server.origin}/nope/x.ts`)).status).toBe(404);
    expect((await fetch(`${server.origin}/%2e%2e/%2e%2e/package.json`)).status).toBe(404);
  });
});
