import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertCategories, upsertVideos, type VideoInput } from '../../server/services/catalogue/index';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

const HOUR = 3_600_000;
/** 2024-05-01 01:00:00 in São Paulo (UTC-3). */
const T0 = new Date('2024-05-01T04:00:00Z');

const video = (sourceKey: string, vodName: string, typeId: number, vodTime: Date, more: Partial<VideoInput> = {}): VideoInput => ({ sourceKey, vodName, typeId, vodTime, ...more });

function seedVideos(now: Date): VideoInput[] {
  const fillers = Array.from({ length: 19 }, (_, i) => video(`t:f${i + 1}`, `Filler ${String(i + 1).padStart(2, '0')}`, 13, new Date(T0.getTime() - (3 + i) * HOUR)));
  return [
    video('t:recent1', 'Recent One', 6, new Date(now.getTime() - HOUR), { vodPlayUrl: 'https://c.example.com/v.M3U8' }),
    video('t:recent2', 'Recent Two', 13, new Date(now.getTime() - 30 * HOUR)),
    video('t:god', '上帝之城', 6, T0, {
      vodNamePt: 'Cidade de Deus',
      vodNameEn: 'City of God',
      vodNameJa: 'シティ・オブ・ゴッド',
      vodNameKo: '시티 오브 갓',
      vodPic: 'https://img.example.com/god.jpg',
      vodEn: 'chengshi',
      vodRemarks: 'HD',
      vodContent: '<p>Sinopse &amp; <b>mais</b></p>',
      vodPlayFrom: 'xxm3u8$$$yyyun',
      vodPlayUrl: 'HD$https://a.example.com/1/index.m3u8$$$HD$https://b.example.com/share/x',
      vodDuration: 7200,
      vodHits: 12,
      extra: { vod_score: '9.1' },
    }),
    video('t:wild', '100% Real_Deal', 7, new Date(T0.getTime() - HOUR)),
    video('t:tieA', 'Tie A', 2, new Date(T0.getTime() - 2 * HOUR)),
    video('t:tieB', 'Tie B', 2, new Date(T0.getTime() - 2 * HOUR)),
    ...fillers,
  ];
}

const ORDER = ['Recent One', 'Recent Two', '上帝之城', '100% Real_Deal', 'Tie B', 'Tie A', ...Array.from({ length: 19 }, (_, i) => `Filler ${String(i + 1).padStart(2, '0')}`)];

/** mac_vod's columns we hold, in its order, then type_name: what a plain MacCMS client gets. */
const DETAIL_KEYS = [
  'vod_id', 'type_id', 'vod_name', 'vod_sub', 'vod_en', 'vod_pic', 'vod_actor', 'vod_director', 'vod_remarks', 'vod_serial', 'vod_area', 'vod_lang',
  'vod_year', 'vod_hits', 'vod_duration', 'vod_time', 'vod_content', 'vod_play_from', 'vod_play_server', 'vod_play_note', 'vod_play_url', 'type_name',
];
/** The app (it always sends lang) also gets the per-language titles. */
const APP_DETAIL_KEYS = [...DETAIL_KEYS, 'vod_name_pt', 'vod_name_en', 'vod_name_ja', 'vod_name_ko'];

type Item = Record<string, unknown> & { vod_id: number; vod_name: string };
interface ListBody {
  code: number;
  msg: string;
  page: number;
  pagecount: number;
  limit: string;
  total: number;
  list: Item[];
  class?: unknown[];
}

describe.each(databaseKinds)('catalogue routes on %s', (kind) => {
  let t: TestApp;
  const id: Record<string, number> = {};

  const get = async (query: string, path = '/api.php/provide/vod/') => {
    const res = await t.app.inject({ method: 'GET', url: `${path}?${query}` });
    return { status: res.statusCode, body: res.json() as ListBody };
  };
  const names = (body: ListBody) => body.list.map((i) => i.vod_name);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await upsertCategories(t.app.db, [
      { typeId: 1, typePid: 0, typeName: '电影', typeSort: 2 },
      { typeId: 2, typePid: 0, typeName: '连续剧', typeSort: 1 },
      { typeId: 6, typePid: 1, typeName: '动作片', typeSort: 1 },
      { typeId: 7, typePid: 1, typeName: '喜剧片', typeSort: 1 },
      { typeId: 13, typePid: 2, typeName: '国产剧', typeSort: 0 },
      { typeId: 99, typePid: 0, typeName: '隐藏', typeStatus: 0 },
    ]);
    // One at a time so vod_id follows the seed order (Tie A gets the lower id).
    for (const v of seedVideos(new Date())) await upsertVideos(t.app.db, [v]);
    const all = await get('pagesize=100');
    for (const item of all.body.list) id[item.vod_name] = item.vod_id;
  });
  afterAll(async () => t?.close());

  it('lists page 1 newest first, ties by vod_id desc, with MacCMS types and the class array', async () => {
    const { status, body } = await get('ac=list');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1, msg: '数据列表', page: 1, pagecount: 2, limit: '20', total: 25 });
    expect(names(body)).toEqual(ORDER.slice(0, 20));
    expect(id['Tie B']).toBeGreaterThan(id['Tie A']);
    expect(body.class).toEqual([
      { type_id: 13, type_pid: 2, type_name: '国产剧' },
      { type_id: 2, type_pid: 0, type_name: '连续剧' },
      { type_id: 6, type_pid: 1, type_name: '动作片' },
      { type_id: 7, type_pid: 1, type_name: '喜剧片' },
      { type_id: 1, type_pid: 0, type_name: '电影' },
    ]);
  });

  it('gives short list items: the MacCMS fields in their order (the app, sending lang, also vod_pic), wall-clock time in São Paulo, sources joined by commas', async () => {
    const plain = {
      vod_id: id['上帝之城'],
      vod_name: '上帝之城',
      type_id: 6,
      type_name: '动作片',
      vod_en: 'chengshi',
      vod_time: '2024-05-01 01:00:00',
      vod_remarks: 'HD',
      vod_play_from: 'xxm3u8,yyyun',
    };
    const { body } = await get(`ac=list&ids=${id['上帝之城']}`);
    expect(body.list).toEqual([plain]);
    expect(Object.keys(body.list[0])).toEqual(Object.keys(plain));
    expect((await get(`ac=list&ids=${id['上帝之城']}&lang=zh`)).body.list).toEqual([{ ...plain, vod_pic: 'https://img.example.com/god.jpg' }]);
  });

  it('answers without the trailing slash and when ac is missing', async () => {
    const { status, body } = await get('pg=2', '/api.php/provide/vod');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1, page: 2, pagecount: 2, total: 25 });
    expect(names(body)).toEqual(ORDER.slice(20));
  });

  it('gives the mac_vod columns in order with MacCMS types, type_name last and the stored HTML in detail items, without bookkeeping columns', async () => {
    for (const ac of ['detail', 'videolist']) {
      const { body } = await get(`ac=${ac}&ids=${id['上帝之城']},${id['100% Real_Deal']}`);
      expect(body).toMatchObject({ code: 1, total: 2, pagecount: 1 });
      expect(body.class).toBeUndefined();
      expect(names(body)).toEqual(['上帝之城', '100% Real_Deal']);
      const [god] = body.list;
      expect(Object.keys(god)).toEqual(DETAIL_KEYS);
      expect(Object.keys((await get(`ac=${ac}&ids=${id['上帝之城']}&lang=zh`)).body.list[0])).toEqual(APP_DETAIL_KEYS);
      expect(god).toMatchObject({
        vod_id: id['上帝之城'],
        type_id: 6,
        type_name: '动作片',
        vod_serial: '0',
        vod_content: '<p>Sinopse &amp; <b>mais</b></p>',
        vod_play_from: 'xxm3u8$$$yyyun',
        vod_play_url: 'HD$https://a.example.com/1/index.m3u8$$$HD$https://b.example.com/share/x',
        vod_duration: '7200',
        vod_hits: 12,
        vod_time: '2024-05-01 01:00:00',
      });
    }
  });

  it('pages with pagesize or its alias limit, and gives an empty list past the end', async () => {
    for (const size of ['pagesize=10', 'limit=10']) {
      const { body } = await get(`${size}&pg=3`);
      expect(body).toMatchObject({ code: 1, page: 3, pagecount: 3, limit: '10', total: 25 });
      expect(names(body)).toEqual(ORDER.slice(20, 25));
    }
    for (const pg of ['4', '999999999', '9007199254740991']) {
      const { status, body } = await get(`pagesize=10&pg=${pg}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 1, page: Number(pg), pagecount: 3, total: 25, list: [] });
    }
  });

  it('filters by category, including the direct children of a parent', async () => {
    expect(names((await get('t=6')).body)).toEqual(['Recent One', '上帝之城']);
    expect(names((await get('t=1')).body)).toEqual(['Recent One', '上帝之城', '100% Real_Deal']);
    expect((await get('t=2')).body.total).toBe(22);
    expect((await get('t=99')).body).toMatchObject({ code: 1, total: 0, pagecount: 1, list: [] });
  });

  it('keeps videos updated within h hours', async () => {
    expect(names((await get('h=2')).body)).toEqual(['Recent One']);
    expect(names((await get('h=48')).body)).toEqual(['Recent One', 'Recent Two']);
  });

  it('searches case-insensitively in vod_name and every vod_name_* language', async () => {
    for (const wd of ['city', 'DEUS', 'ゴッド', '시티', '上帝', 'City of']) {
      expect(names((await get(`wd=${encodeURIComponent(wd)}`)).body), wd).toEqual(['上帝之城']);
    }
    expect((await get(`wd=${encodeURIComponent('filler 1')}`)).body.total).toBe(10);
    expect((await get(`wd=${encodeURIComponent('  tie ')}&t=2`)).body.total).toBe(2);
  });

  it('matches LIKE wildcards only as themselves', async () => {
    expect(names((await get(`wd=${encodeURIComponent('%')}`)).body)).toEqual(['100% Real_Deal']);
    expect(names((await get(`wd=${encodeURIComponent('_')}`)).body)).toEqual(['100% Real_Deal']);
    expect((await get(`wd=${encodeURIComponent('\\')}`)).body).toMatchObject({ code: 1, total: 0, list: [] });
    expect((await get(`wd=${encodeURIComponent('Tie_')}`)).body.total).toBe(0);
  });

  it('chooses vod_name by lang, falling back to vod_name', async () => {
    const god = id['上帝之城'];
    const cases: [string, string][] = [
      ['pt', 'Cidade de Deus'],
      ['pt-BR', 'Cidade de Deus'],
      ['en', 'City of God'],
      ['ja', 'シティ・オブ・ゴッド'],
      ['ko', '시티 오브 갓'],
      ['zh', '上帝之城'],
      ['fr', '上帝之城'],
    ];
    for (const [lang, name] of cases) {
      expect(names((await get(`ac=list&ids=${god}&lang=${lang}`)).body), lang).toEqual([name]);
      const detail = (await get(`ac=detail&ids=${god}&lang=${lang}`)).body.list[0];
      expect(detail.vod_name, lang).toBe(name);
      expect(detail.vod_name_pt).toBe('Cidade de Deus');
    }
    expect(names((await get(`ids=${id['Tie A']}&lang=pt`)).body)).toEqual(['Tie A']);
  });

  it('returns every id asked for in one call, up to 100', async () => {
    const many = Object.values(id).slice(0, 21);
    const { body } = await get(`ac=detail&ids=${many.join(',')}`);
    expect(body).toMatchObject({ code: 1, total: 21, pagecount: 1, limit: '21' });
    expect(body.list.map((i) => i.vod_id).sort()).toEqual([...many].sort());
    const hundredOne = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    const refused = await get(`ac=detail&ids=${hundredOne}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/at most 100/);
  });

  it('refuses bad parameters with HTTP 400, code 0, a message naming the parameter and an empty list', async () => {
    const cases: [string, RegExp][] = [
      ['pg=abc', /^pg must be a positive integer/],
      ['pg=0', /^pg must be/],
      ['pg=1.5', /^pg must be/],
      ['t=-1', /^t must be/],
      ['ids=x', /^ids must be integers from 1 to 2147483647/],
      ['ids=1,,2', /^ids must be/],
      ['ids=0', /^ids must be/],
      ['pagesize=0', /^pagesize must be an integer from 1 to 100/],
      ['pagesize=1000', /^pagesize must be an integer from 1 to 100/],
      ['limit=101', /^limit must be/],
      ['ac=foo', /^ac must be list, detail or videolist/],
      ['h=0', /^h must be/],
      ['lang=%3Cscript%3E', /^lang must be a language code/],
      [`wd=${'a'.repeat(101)}`, /^wd must be at most 100 characters/],
      ['pg=1&pg=2', /^pg must be given once/],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await get(query);
      expect(status, query).toBe(400);
      expect(body.code, query).toBe(0);
      expect(body.msg, query).toMatch(message);
      expect(body.list, query).toEqual([]);
    }
  });

  it('treats empty parameters as absent', async () => {
    const { status, body } = await get('ac=&t=&wd=&pg=&ids=&lang=');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1, page: 1, total: 25 });
  });

  it('answers HEAD on the list path at once, without a body', async () => {
    for (const url of ['/api.php/provide/vod/', '/api.php/provide/vod']) {
      const res = await t.app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe('');
    }
  });

  it('gives the category tree: enabled categories by type_sort then type_id, parents with their children', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api.php/type/get_all_categories' });
    expect(res.statusCode).toBe(200);
    const c = (typeId: number, typePid: number, typeName: string, typeSort: number) => ({
      type_id: typeId,
      type_pid: typePid,
      type_name: typeName,
      type_en: '',
      // Ours beside MacCMS's fields: a category a source gave without per-language names has none.
      type_names: {},
      type_sort: typeSort,
      type_mid: 1,
      type_status: 1,
    });
    const [c13, c2, c6, c7, c1] = [c(13, 2, '国产剧', 0), c(2, 0, '连续剧', 1), c(6, 1, '动作片', 1), c(7, 1, '喜剧片', 1), c(1, 0, '电影', 2)];
    expect(res.json()).toEqual({
      code: 1,
      msg: '获取成功',
      info: {
        parent_categories: [c2, c1],
        child_categories: [c13, c6, c7],
        all_categories: [c13, c2, c6, c7, c1],
        tree_structure: [
          { ...c2, children: [c13] },
          { ...c1, children: [c6, c7] },
        ],
        total: 5,
        parent_total: 2,
        child_total: 3,
      },
    });
  });
});
