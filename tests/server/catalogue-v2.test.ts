// The alternative catalogue backend (spec 2 §7) through the real Fastify app:
// /api/v2/categories, /api/v2/videos, /api/v2/search and /api/v2/videos/{id}
// give the same catalogue as the MacCMS answers, in the v2 envelope, with the
// title in the asked language; junk is a 400, a missing video a 404. And the
// app config's useAlternativeEndpoint flag, off by default, on from the file.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertCategories, upsertVideos, type VideoInput } from '../../server/services/catalogue/index';
import { buildApp } from '../../server/app';
import { buildTestApp, databaseKinds, openTestDatabase, testConfig, type TestApp } from './helpers/test-app';

const HOUR = 3_600_000;
const video = (sourceKey: string, vodName: string, typeId: number, vodTime: Date, more: Partial<VideoInput> = {}): VideoInput => ({ sourceKey, vodName, typeId, vodTime, ...more });

type Item = Record<string, unknown> & { vod_id: number; vod_name: string };
interface PageBody {
  success: boolean;
  message?: string;
  data: Item[];
  total: number;
  total_pages: number;
  page: number;
  page_size: number;
}

describe.each(databaseKinds)('v2 catalogue on %s', (kind) => {
  let t: TestApp;

  const get = async <T = PageBody>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as T, headers: res.headers };
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const now = Date.now();
    await upsertCategories(t.app.db, [
      { typeId: 1, typePid: 0, typeName: '电影', typeEn: 'Movies' },
      { typeId: 6, typePid: 1, typeName: '动作片' },
      { typeId: 2, typePid: 0, typeName: '连续剧' },
      { typeId: 9, typePid: 0, typeName: '隐藏', typeStatus: 0 },
    ]);
    await upsertVideos(t.app.db, [
      video('v:god', '上帝之城', 6, new Date(now - HOUR), { vodNamePt: 'Cidade de Deus', vodPlayUrl: 'HD$https://a.example.com/1/index.m3u8', vodContent: 'Sinopse' }),
      video('v:old', 'Velho', 1, new Date(now - 48 * HOUR)),
      ...Array.from({ length: 23 }, (_, i) => video(`v:s${i}`, `Série ${i}`, 2, new Date(now - (100 + i) * HOUR))),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('categories: the enabled ones, in the v2 envelope', async () => {
    const { status, body, headers } = await get<{ success: boolean; data: { type_id: number; type_name: string; type_mid: number }[]; total: number }>('/api/v2/categories?lang=pt');
    expect(status).toBe(200);
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(body.success).toBe(true);
    expect(body.data.map((c) => c.type_id).sort()).toEqual([1, 2, 6]);
    expect(body.total).toBe(3);
    expect(body.data.find((c) => c.type_id === 1)).toMatchObject({ type_name: '电影', type_en: 'Movies', type_mid: 1, type_pid: 0 });
  });

  it('videos by category (children included), paged, with every field and the asked language', async () => {
    const movies = await get('/api/v2/videos?category=1&page=1&limit=20&lang=pt');
    expect(movies.status).toBe(200);
    expect(movies.body.data.map((v) => v.vod_name)).toEqual(['Cidade de Deus', 'Velho']);
    // Detail fields come with the list: no second call for the play address.
    expect(movies.body.data[0]).toMatchObject({ vod_play_url: 'HD$https://a.example.com/1/index.m3u8', vod_content: 'Sinopse', type_id: 6 });
    const series = await get('/api/v2/videos?category=2&page=2&limit=20&lang=pt');
    expect(series.body).toMatchObject({ success: true, total: 23, total_pages: 2, page: 2, page_size: 20 });
    expect(series.body.data).toHaveLength(3);
    // hours: updated within (the hot list's h=24).
    const hot = await get('/api/v2/videos?hours=24&lang=zh');
    expect(hot.body.data.map((v) => v.vod_name)).toEqual(['上帝之城']);
  });

  it('search by keyword over every title language', async () => {
    const { body } = await get(`/api/v2/search?keyword=${encodeURIComponent('Cidade')}&page=1&limit=20&lang=pt`);
    expect(body).toMatchObject({ success: true, total: 1, total_pages: 1, page: 1 });
    expect(body.data[0]).toMatchObject({ vod_name: 'Cidade de Deus', vod_play_url: 'HD$https://a.example.com/1/index.m3u8' });
    const none = await get('/api/v2/search?keyword=nada&lang=pt');
    expect(none.body).toMatchObject({ success: true, data: [], total: 0, total_pages: 1 });
  });

  it('one video at /{id}, 404 when missing', async () => {
    const list = await get('/api/v2/search?keyword=Cidade&lang=pt');
    const id = list.body.data[0].vod_id;
    const one = await get<{ success: boolean; data: Item }>(`/api/v2/videos/${id}?lang=zh`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ vod_id: id, vod_name: '上帝之城', vod_name_pt: 'Cidade de Deus' });
    const missing = await get<{ success: boolean; message: string }>('/api/v2/videos/999999?lang=pt');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false });
  });

  it.each([
    ['/api/v2/videos?category=abc', 'category'],
    ['/api/v2/videos?page=0', 'page'],
    ['/api/v2/videos?limit=101', 'limit'],
    ['/api/v2/videos?category=1&category=2', 'once'],
    ['/api/v2/videos?category=99999999999', 'category'],
    ['/api/v2/search', 'keyword'],
    [`/api/v2/search?keyword=${'x'.repeat(101)}`, 'keyword'],
    ['/api/v2/videos/0', 'video id'],
    ['/api/v2/videos/1e3', 'video id'],
    ['/api/v2/videos/3000000000', 'video id'],
    ['/api/v2/categories?lang=..%2F..', 'lang'],
  ])('%s is a 400 naming the parameter', async (url, named) => {
    const { status, body } = await get<{ success: boolean; message: string }>(url);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toContain(named);
  });
});

describe('the useAlternativeEndpoint flag', () => {
  it('is off by default and on when DATA_DIR/app-config.json says so', async () => {
    const off = await buildTestApp('pglite');
    const body = (await off.app.inject({ method: 'GET', url: '/api/v1/app/config' })).json() as { flags: Record<string, boolean> };
    expect(body.flags.useAlternativeEndpoint).toBe(false);
    await off.close();

    const config = testConfig();
    writeFileSync(path.join(config.dataDir, 'app-config.json'), JSON.stringify({ flags: { useAlternativeEndpoint: true } }));
    const db = await openTestDatabase('pglite');
    const app = await buildApp({ config, database: db.database, closeDatabase: false, backgroundWorkStarts: 'ready' });
    const on = (await app.inject({ method: 'GET', url: '/api/v1/app/config' })).json() as { flags: Record<string, boolean> };
    expect(on.flags.useAlternativeEndpoint).toBe(true);
    await app.close();
    await db.drop();
  });
});
