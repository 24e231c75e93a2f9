// GET /index.php/ajax/suggest through the real Fastify app: title prefixes in
// every title language, folded for case, accents and width; pinyin through
// vod_en; the title in the asked language; limit; a write seen at once; junk
// refused with a 400 in the MacCMS envelope; the per-address rate limit.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRouteConfig } from '../../server/routes/catalogue/config';
import { upsertCategories, upsertVideos, type VideoInput } from '../../server/services/catalogue/index';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

const video = (sourceKey: string, vodName: string, more: Partial<VideoInput> = {}): VideoInput => ({ sourceKey, vodName, typeId: 1, vodTime: new Date('2024-05-01T00:00:00Z'), ...more });

interface SuggestBody {
  code: number;
  msg: string;
  total: number;
  limit: string;
  list: { id: number; name: string; en: string; pic: string }[];
}

describe.each(databaseKinds)('suggestions on %s', (kind) => {
  let t: TestApp;
  let address = 0;

  // Each call from its own address, so the rate limit (its own test below) stays out of the way.
  const get = async (query: string) => {
    address++;
    const res = await t.app.inject({ method: 'GET', url: `/index.php/ajax/suggest?${query}`, remoteAddress: `192.0.2.${address % 250}` });
    return { status: res.statusCode, body: res.json() as SuggestBody, headers: res.headers };
  };
  const names = async (query: string) => (await get(query)).body.list.map((i) => i.name);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await upsertCategories(t.app.db, [{ typeId: 1, typePid: 0, typeName: '电影' }]);
    await upsertVideos(t.app.db, [
      video('s:god', '上帝之城', { vodNamePt: 'Cidade de Deus', vodNameEn: 'City of God', vodNameJa: 'シティ・オブ・ゴッド', vodEn: 'shangdizhicheng', vodPic: 'https://img.example.com/god.jpg' }),
      video('s:acao', 'Ação Total', { vodEn: 'acao-total' }),
      video('s:cafe', 'Café com Leite'),
      video('s:city', 'Cityscapes'),
      video('s:kana', 'がっこう'),
      video('s:middle', 'The Cidade Within'),
      ...Array.from({ length: 14 }, (_, i) => video(`s:c${i}`, `Cinema ${String(i).padStart(2, '0')}`)),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('matches title prefixes in any language, ignoring case, Latin accents and width', async () => {
    expect(await names('wd=cidade&lang=pt')).toEqual(['Cidade de Deus']);
    expect(await names('wd=CIDADE%20DE&lang=pt')).toEqual(['Cidade de Deus']);
    expect(await names(`wd=${encodeURIComponent('Cídade')}&lang=pt`)).toEqual(['Cidade de Deus']);
    // Full-width letters typed on a CJK keyboard.
    expect(await names(`wd=${encodeURIComponent('ＣＩＤＡＤＥ')}&lang=pt`)).toEqual(['Cidade de Deus']);
    expect(await names('wd=acao')).toEqual(['Ação Total']);
    expect(await names(`wd=${encodeURIComponent('CAFÉ')}`)).toEqual(['Café com Leite']);
    // A prefix, not a substring: "The Cidade Within" is not suggested for "cidade".
    expect(await names('wd=within')).toEqual([]);
    // The Chinese and Japanese titles find the same video.
    expect((await get(`wd=${encodeURIComponent('上帝')}`)).body.list.map((i) => i.id)).toHaveLength(1);
    expect(await names(`wd=${encodeURIComponent('シティ')}&lang=pt`)).toEqual(['Cidade de Deus']);
    // Voicing marks of kana are part of the word: か does not find がっこう.
    expect(await names(`wd=${encodeURIComponent('か')}`)).toEqual([]);
    expect(await names(`wd=${encodeURIComponent('が')}`)).toEqual(['がっこう']);
  });

  it('finds a Chinese title by its pinyin (vod_en), with or without spaces and tone marks', async () => {
    expect(await names('wd=shangdi')).toEqual(['上帝之城']);
    expect(await names('wd=Shang%20Di')).toEqual(['上帝之城']);
    expect(await names(`wd=${encodeURIComponent('shàng dì zhī')}`)).toEqual(['上帝之城']);
    // One letter is not enough for the pinyin (it would match half a catalogue).
    expect(await names('wd=s')).toEqual([]);
  });

  it('answers in the MacCMS shape with the title in the asked language', async () => {
    const { status, body, headers } = await get('mid=1&wd=city&limit=10&timestamp=1714521600000&lang=pt');
    expect(status).toBe(200);
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(body.code).toBe(1);
    expect(body.list).toEqual([
      { id: expect.any(Number), name: 'Cidade de Deus', en: 'shangdizhicheng', pic: 'https://img.example.com/god.jpg' },
      { id: expect.any(Number), name: 'Cityscapes', en: '', pic: '' },
    ]);
    expect((await get('wd=city&lang=en')).body.list[0].name).toBe('City of God');
    expect((await get('wd=city&lang=zh')).body.list[0].name).toBe('上帝之城');
  });

  it('gives 10 by default and at most `limit`', async () => {
    expect(await names('wd=cinema')).toHaveLength(10);
    expect(await names('wd=cinema&limit=3')).toEqual(['Cinema 00', 'Cinema 01', 'Cinema 02']);
    expect(await names('wd=cinema&limit=20')).toHaveLength(14);
  });

  it('sees a catalogue write at once', async () => {
    expect(await names('wd=novidade')).toEqual([]);
    await upsertVideos(t.app.db, [video('s:new', 'Novidade Quente')]);
    expect(await names('wd=novidade')).toEqual(['Novidade Quente']);
  });

  it.each([
    ['', 'wd'],
    ['wd=', 'wd'],
    ['wd=%20%20', 'wd'],
    [`wd=${'a'.repeat(51)}`, 'at most 50'],
    ['wd=a&mid=2', 'mid'],
    ['wd=a&mid=x', 'mid'],
    ['wd=a&limit=0', 'limit'],
    ['wd=a&limit=21', 'limit'],
    ['wd=a&limit=1e3', 'limit'],
    ['wd=a&timestamp=now', 'timestamp'],
    ['wd=a&wd=b', 'once'],
    ['wd=a&lang=%3Cscript%3E', 'lang'],
  ])('refuses %j with a 400 naming the parameter', async (query, named) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body.code).toBe(0);
    expect(body.list).toEqual([]);
    expect(body.msg).toContain(named);
  });

  it('refuses control characters and a huge query string without a 500', async () => {
    expect((await get('wd=a%00b')).status).toBe(400);
    const huge = await t.app.inject({ method: 'GET', url: `/index.php/ajax/suggest?wd=${'x'.repeat(20_000)}`, remoteAddress: '192.0.2.251' });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
  });

  it('limits each address (a forged X-Forwarded-For changes nothing); another address is still served', async () => {
    const max = catalogueRouteConfig.suggestionsPerAddress;
    const statuses: number[] = [];
    for (let i = 0; i < max + 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/index.php/ajax/suggest?wd=cin', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': `198.51.100.${i % 250}` } });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        const body = res.json() as SuggestBody;
        expect(body.code).toBe(0);
        expect(body.msg).toContain('Too many suggestion requests');
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses.slice(0, max).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(max)).toEqual([429, 429]);
    const other = await t.app.inject({ method: 'GET', url: '/index.php/ajax/suggest?wd=cin', remoteAddress: '203.0.113.10' });
    expect(other.statusCode).toBe(200);
    // The MacCMS list is not rate limited by it.
    const list = await t.app.inject({ method: 'GET', url: '/api.php/provide/vod/?ac=list', remoteAddress: '203.0.113.9' });
    expect(list.statusCode).toBe(200);
  });
});
