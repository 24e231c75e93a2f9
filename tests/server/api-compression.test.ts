// The API's answers go compressed (server/http/compression.ts, issue 17), through
// the real app: catalogue JSON and XML, the config, playlists, brotli or gzip as
// asked, decoding to the very answer sent uncompressed, with Vary. Small
// answers, media segments, the web app's pre-compressed files, the operator
// import's progress stream and the answers that hand out secrets go as before.

import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { demoMedia } from '../../server/demo/defaults';
import { compressionConfig } from '../../server/http/config';
import { operatorImportPath } from '../../server/services/catalogue/import/index';
import { upsertVideos, type VideoInput } from '../../server/services/catalogue/index';
import { precompressDist } from '../../server/static/precompress';
import { asOperator, testAdminToken } from './helpers/admin';
import { startFakeMaccms, type FakeMaccms } from './helpers/fake-maccms';
import { openTestDatabase, testConfig, type TestDatabase } from './helpers/test-app';

const LIST = '/api.php/provide/vod/?ac=list';
const T0 = new Date('2025-03-01T12:00:00Z');

const video = (n: number): VideoInput => ({
  sourceKey: `t:${n}`,
  vodName: `Video ${n}`,
  typeId: 1,
  vodTime: new Date(T0.getTime() - n * 60_000),
  vodPic: `https://img.example.com/${n}.jpg`,
  vodPlayUrl: `HD$https://cdn.example.com/${n}/index.m3u8`,
  vodPlayFrom: 'demo',
});

/** A demo playlist well over the threshold, and a segment of bytes that would compress well. */
const playlist = ['#EXTM3U', '#EXT-X-TARGETDURATION:4', ...Array.from({ length: 80 }, (_, i) => `#EXTINF:4.0,\nseg_${String(i).padStart(3, '0')}.ts`), '#EXT-X-ENDLIST', ''].join('\n');
const segment = Buffer.alloc(8 * 1024, 0x47);
/** A hashed asset with its build-time copies, and one a later build step left without. */
const assetJs = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word-${i}`))};\n`;

const vary = (res: { headers: Record<string, unknown> }) => String(res.headers.vary ?? '').toLowerCase();

describe('the API answers go compressed', () => {
  let app: FastifyInstance;
  let db: TestDatabase;
  let fake: FakeMaccms;
  let dist: string;

  beforeAll(async () => {
    fake = await startFakeMaccms(20);
    db = await openTestDatabase('pglite');
    const config = testConfig({ ADMIN_TOKEN: testAdminToken });
    const mediaDir = path.join(config.dataDir, demoMedia.dirName, 'v1');
    mkdirSync(mediaDir, { recursive: true });
    writeFileSync(path.join(mediaDir, 'index.m3u8'), playlist);
    writeFileSync(path.join(mediaDir, 'seg_000.ts'), segment);
    dist = mkdtempSync(path.join(tmpdir(), 'clipfeed-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    copyFileSync(path.join(__dirname, '../../index.html'), path.join(dist, 'index.html'));
    writeFileSync(path.join(dist, 'assets', 'app-Ab12Cd34.js'), assetJs);
    precompressDist(dist);
    writeFileSync(path.join(dist, 'assets', 'late-Ef56Gh78.js'), assetJs);
    app = await buildApp({ config, database: db.database, distDir: dist, closeDatabase: false, backgroundWorkStarts: 'ready' });
    await app.ready();
    await upsertVideos(app.db, Array.from({ length: 30 }, (_, i) => video(i + 1)));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    await fake?.close();
  });

  it('sends a catalogue page brotli-compressed when asked, decoding to the same JSON, with Vary', async () => {
    const plain = await app.inject({ method: 'GET', url: LIST });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressionConfig.thresholdBytes);

    // The browser's own header: brotli is chosen over gzip.
    const br = await app.inject({ method: 'GET', url: LIST, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(vary(br)).toContain('accept-encoding');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends gzip to a client without brotli, and the config and the categories too', async () => {
    for (const url of [LIST, '/api/v1/app/config', '/api.php/type/get_all_categories']) {
      const plain = await app.inject({ method: 'GET', url });
      expect(plain.statusCode, url).toBe(200);
      if (plain.rawPayload.length < compressionConfig.thresholdBytes) continue;
      const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(vary(gz), url).toContain('accept-encoding');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')), url).toEqual(plain.json());
    }
    // The list at least is over the threshold: the loop above did check something.
    expect((await app.inject({ method: 'GET', url: LIST, headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBe('gzip');
  });

  it('sends the MacCMS XML compressed, decoding to the same text', async () => {
    const url = `${LIST}&at=xml`;
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-type']).toMatch(/^text\/xml/);
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('sends a small answer as it is', async () => {
    const url = `${LIST}&pagesize=1`;
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(compressionConfig.thresholdBytes);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().list).toHaveLength(1);
  });

  it('sends nothing compressed to a client that does not ask, or asks only for what it does not do', async () => {
    for (const acceptEncoding of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await app.inject({ method: 'GET', url: LIST, headers: { 'accept-encoding': acceptEncoding } });
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.json().list.length, acceptEncoding).toBeGreaterThan(1);
    }
  });

  it('leaves HEAD, which the app times, without a body or an encoding', async () => {
    const res = await app.inject({ method: 'HEAD', url: LIST, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(0);
  });

  it('compresses a playlist, never a media segment', async () => {
    const base = `${demoMedia.urlPath}/v1`;
    const list = await app.inject({ method: 'GET', url: `${base}/index.m3u8`, headers: { 'accept-encoding': 'br' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(list.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(list.rawPayload).toString('utf8')).toBe(playlist);

    const seg = await app.inject({ method: 'GET', url: `${base}/seg_000.ts`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.headers['content-encoding']).toBeUndefined();
    expect(seg.headers['content-length']).toBe(String(segment.length));
    expect(seg.rawPayload.equals(segment)).toBe(true);
    // A player's range request: the bytes asked for, as they are.
    const part = await app.inject({ method: 'GET', url: `${base}/seg_000.ts`, headers: { 'accept-encoding': 'br', range: 'bytes=0-1023' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.length).toBe(1024);
  });

  it('leaves the web app files as built: the pre-compressed copy as written, a file without one as it is', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'app-Ab12Cd34.js.br')))).toBe(true);

    const late = await app.inject({ method: 'GET', url: '/assets/late-Ef56Gh78.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(late.statusCode).toBe(200);
    expect(late.headers['content-encoding']).toBeUndefined();
    expect(late.body).toBe(assetJs);

    const page = await app.inject({ method: 'GET', url: '/?tab=discover', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers.vary).toBe('accept-encoding, Save-Data');
    const revisit = await app.inject({ method: 'GET', url: '/?tab=discover', headers: { 'accept-encoding': 'gzip', 'if-none-match': String(page.headers.etag) } });
    expect(revisit.statusCode).toBe(304);
    expect(revisit.headers['content-encoding']).toBeUndefined();
  });

  it('sends the partner page, which shows what its token carries, uncompressed', async () => {
    const res = await app.inject({ method: 'GET', url: '/partner/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // Big enough that the threshold alone would not have kept it as it is.
    expect(res.rawPayload.length).toBeGreaterThan(compressionConfig.thresholdBytes);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('sends a new player credential uncompressed', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/player/init', payload: { device_id: 'compression-test-device' }, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data.credential).toEqual(expect.any(String));
  });

  it('streams the operator import progress as written, line by line, never compressed', async () => {
    const res = await app.inject({
      method: 'POST',
      url: operatorImportPath,
      payload: { url: fake.endpoint, pages: 1 },
      headers: { ...asOperator, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson');
    expect(res.headers['content-encoding']).toBeUndefined();
    const lines = res.body.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.at(-1)).toHaveProperty('summary');
  });
});
