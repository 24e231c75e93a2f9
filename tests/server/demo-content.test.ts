// Demo content made for real with ffmpeg, on a tiny plan (one 126 s base in
// two renditions, two ads, two videos) so it takes a few seconds.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPlaylist, parsePlaylist } from '../../workers/core/index';
import { categories, videos } from '../../server/db/schema/catalogue';
import { demoConfig } from '../../server/demo/config';
import { ensureDemoContent, type EnsureDemoResult } from '../../server/demo/index';
import type { DemoPlan } from '../../server/demo/types';
import { defaultFfmpegPath } from '../../server/services/media/ffmpeg';
import { asOperator, testAdminToken } from './helpers/admin';
import { buildTestApp, databaseKinds, openTestDatabase, type TestApp, type TestDatabase } from './helpers/test-app';

const names = (en: string) => ({ zh: `中${en}`, pt: `pt ${en}`, en, ja: `ja ${en}`, ko: `ko ${en}` });

const tinyPlan: DemoPlan = {
  bases: [{ id: 'grid', look: 'grid', seconds: 126, toneHz: 330, title: 'TEST GRID', renditions: ['240p', '360p'] }],
  creatives: [
    { id: 'bars', look: 'bars', seconds: 10, segmentSeconds: 5, label: 'AD TEST' },
    { id: 'promo', look: 'promo', seconds: 6, segmentSeconds: 3, label: 'PROMO' },
  ],
  categories: [
    { typeId: 41, names: { 'pt-BR': 'Teste', zh: '测试', en: 'Test', ja: 'テスト', ko: '테스트' }, sort: 1 },
    { typeId: 42, names: { 'pt-BR': 'Outros', zh: '其他', en: 'Other', ja: 'その他', ko: '기타' }, sort: 2 },
  ],
  videos: [
    {
      slug: 'tiny-master',
      typeId: 41,
      base: 'grid',
      startSeconds: 0,
      seconds: 120,
      master: true,
      ads: [
        { at: 'pre', creatives: ['bars'] },
        { at: 60, creatives: ['promo'] },
        { at: 'post', creatives: ['bars', 'promo'] },
      ],
      names: names('Tiny master'),
      description: 'Mestre.',
      year: '2025',
      area: 'Brasil',
    },
    { slug: 'tiny-plain', typeId: 42, base: 'grid', startSeconds: 6, seconds: 120, master: false, ads: [], names: names('Tiny plain'), description: 'Simples.', year: '2024', area: 'Brasil' },
  ],
};

/** Decodes with ffmpeg to raw bytes on stdout. */
function decode(args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(defaultFfmpegPath(), ['-hide_banner', '-loglevel', 'error', ...args, '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg ${code}`))));
  });
}

/** Pixels of the first frame (one grey byte each). */
async function framePixels(file: string): Promise<number> {
  return (await decode(['-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray'])).length;
}

/** Dominant tone of the first second, by zero crossings. */
async function toneHz(file: string): Promise<number> {
  const pcm = await decode(['-i', file, '-map', '0:a', '-t', '1', '-f', 's16le', '-ac', '1', '-ar', '22050']);
  let crossings = 0;
  for (let i = 2; i < pcm.length; i += 2) if (pcm.readInt16LE(i - 2) < 0 !== pcm.readInt16LE(i) < 0) crossings++;
  return crossings / 2 / (pcm.length / 2 / 22050);
}

function mediaPlaylist(text: string, url: string) {
  const parsed = parsePlaylist(text, url);
  if (!parsed.ok || parsed.playlist.kind !== 'media') throw new Error(`${url} is not a media playlist`);
  return parsed.playlist;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'clipfeed-demo-'));
const demoDir = path.join(dataDir, 'demo');
let first: EnsureDemoResult;
let firstDb: TestDatabase;

beforeAll(async () => {
  firstDb = await openTestDatabase('pglite');
  first = await ensureDemoContent({ dataDir, db: firstDb.database.db, plan: tinyPlan, port: 8080 });
}, 120_000);
afterAll(async () => firstDb?.drop());

describe('demo content on disk', () => {
  it('is made on the first call, into DATA_DIR/demo', () => {
    expect(first.generated).toBe(true);
    expect(first.dir).toBe(demoDir);
    expect(first.manifest.videos.map((v) => [v.slug, v.seconds, v.master])).toEqual([
      ['tiny-master', 120, true],
      ['tiny-plain', 120, false],
    ]);
  });

  it('gives master-playlist videos two variants, 240p and 360p, each a playable media playlist', () => {
    const url = 'http://127.0.0.1:8080/media/demo/tiny-master/index.m3u8';
    const parsed = parsePlaylist(readFileSync(path.join(demoDir, 'tiny-master/index.m3u8'), 'utf8'), url);
    if (!parsed.ok || parsed.playlist.kind !== 'master') throw new Error('index.m3u8 is not a master playlist');
    expect(parsed.playlist.variants.map((v) => [v.url, v.width, v.height])).toEqual([
      ['http://127.0.0.1:8080/media/demo/tiny-master/240p.m3u8', 426, 240],
      ['http://127.0.0.1:8080/media/demo/tiny-master/360p.m3u8', 640, 360],
    ]);
    expect(parsed.playlist.variants[0].bandwidth).toBeLessThan(parsed.playlist.variants[1].bandwidth);
  });

  it('splices the ads where the engine finds them: pre-roll, mid-roll at 60 s, a two-creative post-roll', () => {
    for (const file of ['240p.m3u8', '360p.m3u8']) {
      const text = readFileSync(path.join(demoDir, 'tiny-master', file), 'utf8');
      const url = `http://127.0.0.1:8080/media/demo/tiny-master/${file}`;
      const playlist = mediaPlaylist(text, url);
      // 2 bars segments, 10 film, 2 promo, 10 film, 2 bars + 2 promo.
      const spliced = [0, 1, 12, 13, 24, 25, 26, 27];
      expect(playlist.segments.filter((s) => s.url.includes('/media/demo/ads/')).map((s) => s.index)).toEqual(spliced);
      expect(first.manifest.videos[0].playlists.find((p) => p.file === file)?.adSegments).toEqual(spliced);
      const clean = cleanPlaylist(text, url);
      expect(clean.adSegments).toEqual(spliced);
      expect(clean.text).not.toContain('/ads/');
      expect(playlist.segments.filter((s) => s.discontinuity).map((s) => s.index)).toEqual([2, 12, 14, 24, 26]);
    }
    const plain = readFileSync(path.join(demoDir, 'tiny-plain/index.m3u8'), 'utf8');
    expect(cleanPlaylist(plain, 'http://127.0.0.1:8080/media/demo/tiny-plain/index.m3u8').adSegments).toEqual([]);
    expect(mediaPlaylist(plain, 'http://h/media/demo/tiny-plain/index.m3u8').segments[0].uri).toBe('../sources/grid/240p/seg_00001.ts');
  });

  it('references only segment files that exist', () => {
    for (const [slug, file] of [['tiny-master', '240p.m3u8'], ['tiny-master', '360p.m3u8'], ['tiny-plain', 'index.m3u8']]) {
      const playlist = mediaPlaylist(readFileSync(path.join(demoDir, slug, file), 'utf8'), `file://${path.join(demoDir, slug, file)}`);
      for (const s of playlist.segments) expect(existsSync(new URL(s.url).pathname), s.url).toBe(true);
    }
  });

  it('makes ads look and sound different from the films: another resolution, a 1 kHz tone', async () => {
    expect(await framePixels(path.join(demoDir, 'ads/bars/ad_000.ts'))).toBe(320 * 180);
    expect(await framePixels(path.join(demoDir, 'ads/promo/ad_000.ts'))).toBe(320 * 180);
    expect(await framePixels(path.join(demoDir, 'sources/grid/240p/seg_00003.ts'))).toBe(426 * 240);
    expect(await framePixels(path.join(demoDir, 'sources/grid/360p/seg_00003.ts'))).toBe(640 * 360);
    expect(await toneHz(path.join(demoDir, 'ads/bars/ad_000.ts'))).toBeGreaterThan(980);
    expect(await toneHz(path.join(demoDir, 'ads/bars/ad_000.ts'))).toBeLessThan(1020);
    expect(await toneHz(path.join(demoDir, 'sources/grid/240p/seg_00003.ts'))).toBeLessThan(600);
  });

  it('grabs a JPEG poster per video from its best rendition, at 240p and within the poster cap', async () => {
    for (const slug of ['tiny-master', 'tiny-plain']) {
      const file = path.join(demoDir, slug, 'poster.jpg');
      expect(readFileSync(file).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(readFileSync(file).length).toBeLessThanOrEqual(demoConfig.posterMaxBytes);
      expect(await framePixels(file)).toBe(426 * 240);
    }
  });
});

describe.each(databaseKinds)('demo catalogue rows on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => t?.drop());

  it('are upserted once per slug and only refreshed afterwards; the media are reused', async () => {
    const db = t.database.db;
    const a = await ensureDemoContent({ dataDir, db, plan: tinyPlan, port: 8080 });
    expect(a.generated).toBe(false);
    expect(a.videos).toEqual({ inserted: 2, updated: 0 });
    expect(a.categories).toEqual({ inserted: 2, updated: 0 });
    const before = await db.select().from(videos).where(like(videos.sourceKey, 'demo:%')).orderBy(videos.vodId);

    const b = await ensureDemoContent({ dataDir, db, plan: tinyPlan, port: 8080 });
    expect(b.generated).toBe(false);
    expect(b.videos).toEqual({ inserted: 0, updated: 2 });
    expect(b.categories).toEqual({ inserted: 0, updated: 2 });
    const after = await db.select().from(videos).where(like(videos.sourceKey, 'demo:%')).orderBy(videos.vodId);
    expect(after).toEqual(before);
    // MacCMS's fields as a MacCMS source fills them, and our names per language beside them.
    expect((await db.select().from(categories)).map((c) => [c.typeId, c.typeName, c.typeEn, c.typeNames])).toEqual([
      [41, '测试', 'Test', { 'pt-BR': 'Teste', zh: '测试', en: 'Test', ja: 'テスト', ko: '테스트' }],
      [42, '其他', 'Other', { 'pt-BR': 'Outros', zh: '其他', en: 'Other', ja: 'その他', ko: '기타' }],
    ]);
  });

  it('carry the five names, the poster, the duration and a play URL on this run\'s origin', async () => {
    const db = t.database.db;
    await ensureDemoContent({ dataDir, db, plan: tinyPlan, publicUrl: 'https://tv.example/' });
    const [row] = await db.select().from(videos).where(eq(videos.sourceKey, 'demo:tiny-master'));
    expect(row).toMatchObject({
      typeId: 41,
      vodName: '中Tiny master',
      vodNamePt: 'pt Tiny master',
      vodNameEn: 'Tiny master',
      vodNameJa: 'ja Tiny master',
      vodNameKo: 'ko Tiny master',
      vodPic: 'https://tv.example/media/demo/tiny-master/poster.jpg',
      vodPlayUrl: 'Line 1$https://tv.example/media/demo/tiny-master/index.m3u8',
      vodDuration: 120,
    });
    expect(await db.select().from(videos)).toHaveLength(2);
  });
});

describe.each(databaseKinds)('demo media served by the app on %s', (kind) => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    mkdirSync(path.join(dataDir, 'media/content'), { recursive: true });
    writeFileSync(path.join(dataDir, 'media/content/index.m3u8'), '#EXTM3U\n');
    t = await buildTestApp(kind, { DATA_DIR: dataDir, ADMIN_TOKEN: testAdminToken });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await ensureDemoContent({ dataDir, db: t.app.db, plan: tinyPlan, port: Number(new URL(origin).port) });
  });
  afterAll(async () => t?.close());

  it('serves playlists, segments and posters at /media/demo/ with their types, to any origin', async () => {
    const cases: [string, string][] = [
      ['/media/demo/tiny-master/index.m3u8', 'application/vnd.apple.mpegurl'],
      ['/media/demo/tiny-master/360p.m3u8', 'application/vnd.apple.mpegurl'],
      ['/media/demo/sources/grid/240p/seg_00000.ts', 'video/mp2t'],
      ['/media/demo/ads/bars/ad_000.ts', 'video/mp2t'],
      ['/media/demo/tiny-plain/poster.jpg', 'image/jpeg'],
      ['/media/content/index.m3u8', 'application/vnd.apple.mpegurl'],
    ];
    for (const [url, type] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe(type);
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
    expect((await t.app.inject({ method: 'GET', url: '/media/demo/tiny-plain/index.m3u8' })).body).toBe(readFileSync(path.join(demoDir, 'tiny-plain/index.m3u8'), 'utf8'));
  });

  it('serves nothing outside the media directories, nor the stamp', async () => {
    for (const url of ['/media/demo/.demo-content.json', '/media/demo/../pglite/PG_VERSION', '/media/demo/%2e%2e/%2e%2e/etc/passwd', '/media/demo/nope.m3u8']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('lets the short-video worker and the clean endpoint fetch the demo through the stored play URLs', async () => {
    const [row] = await t.app.db.select().from(videos).where(eq(videos.sourceKey, 'demo:tiny-master'));
    expect(row.vodPlayUrl).toBe(`Line 1$${origin}/media/demo/tiny-master/index.m3u8`);
    const queued = await t.app.inject({ method: 'POST', url: `/api/v2/videos/${row.vodId}/short-videos/generate`, payload: {}, headers: asOperator });
    const taskId = queued.json().data.task_id as number;
    let task: Record<string, unknown> = {};
    for (let i = 0; i < 300 && !['completed', 'failed'].includes(String(task.status)); i++) {
      await new Promise((r) => setTimeout(r, 30));
      task = (await t.app.inject({ method: 'GET', url: `/api/v2/short-videos/tasks/${taskId}/status` })).json().data;
    }
    expect(task).toMatchObject({ status: 'completed', error_message: null });
    const clip = (await t.app.inject({ method: 'GET', url: `/api/v2/short-videos/${task.short_video_id}/index.m3u8` })).body;
    const uris = clip.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(uris.length).toBeGreaterThanOrEqual(3);
    expect(uris.every((u) => u.startsWith(`${origin}/media/demo/sources/grid/`))).toBe(true);

    const clean = await t.app.inject({ method: 'GET', url: `/api/v2/hls/clean.m3u8?src=${encodeURIComponent(`${origin}/media/demo/tiny-master/index.m3u8`)}` });
    expect(clean.statusCode).toBe(200);
    expect(clean.headers['x-ad-segments']).toBe('8');
    expect(clean.body).not.toContain('/ads/');
  });
});
