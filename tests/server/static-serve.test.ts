import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInside, startStaticServer, type StaticServer } from '../../server/static/serve';

let dir: string;
let app: StaticServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'clipfeed-static-'));
  await mkdir(path.join(dir, 'dist'));
  await mkdir(path.join(dir, 'media', 'content'), { recursive: true });
  await writeFile(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>x</title>');
  await writeFile(path.join(dir, 'dist', 'app.js'), 'export {}');
  await writeFile(path.join(dir, 'media', 'content', 'index.m3u8'), '#EXTM3U\n');
  await writeFile(path.join(dir, 'media', 'content', 'seg_000.ts'), Buffer.alloc(1000, 0x47));
  await writeFile(path.join(dir, 'secret.txt'), 'secret');
  app = await startStaticServer({
    mounts: [
      { prefix: '/', dir: path.join(dir, 'dist') },
      { prefix: '/media/', dir: path.join(dir, 'media') },
    ],
  });
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('static server', () => {
  it.each([
    ['/', 'text/html; charset=utf-8'],
    ['/app.js', 'text/javascript; charset=utf-8'],
    ['/media/content/index.m3u8', 'application/vnd.apple.mpegurl'],
    ['/media/content/seg_000.ts', 'video/mp2t'],
  ])('serves %s as %s', async (url, type) => {
    const res = await fetch(app.url + url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
  });

  it('answers byte ranges', async () => {
    const res = await fetch(app.url + '/media/content/seg_000.ts', { headers: { Range: 'bytes=10-19' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect((await res.arrayBuffer()).byteLength).toBe(10);
  });

  it.each(['/../secret.txt', '/media/../../secret.txt', '/media/%2e%2e/%2e%2e/secret.txt', '/media/..%2f..%2fsecret.txt', '/%5c..%5csecret.txt'])(
    'never leaves the mounted directory: %s',
    async (url) => {
      const res = await fetch(app.url + url);
      expect([403, 404]).toContain(res.status);
      expect(await res.text()).not.toContain('secret');
    },
  );

  it('resolveInside rejects escapes and NUL bytes', () => {
    expect(resolveInside('/srv/www', '/a/b.js')).toBe(path.resolve('/srv/www/a/b.js'));
    expect(resolveInside('/srv/www', '/../../etc/passwd')).toBe(path.resolve('/srv/www/etc/passwd'));
    expect(resolveInside('/srv/www', '/a%00.js')).toBeNull();
    expect(resolveInside('/srv/www', '/%E0%A4%A')).toBeNull();
  });

  it('404s a missing file and 405s a POST', async () => {
    expect((await fetch(app.url + '/media/none.ts')).status).toBe(404);
    expect((await fetch(app.url + '/', { method: 'POST' })).status).toBe(405);
  });
});
