// Our MacCMS API read by real clients' parsing rules (tests/support/maccms-clients: TVBox's JSON and XML
// bindings, LibreTV's search and detail), with the requests those clients build, on the real server.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertCategories, upsertVideos } from '../../server/services/catalogue/index';
import { libretvDetail, libretvDetailUrl, libretvSearch, libretvSearchUrl } from '../support/maccms-clients/libretv';
import { tvboxJson, tvboxXml } from '../support/maccms-clients/tvbox';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

const API = '/api.php/provide/vod/';
const HLS = 'https://a.example.com/v/1/index.m3u8';

describe.each(databaseKinds)('MacCMS clients on %s', (kind) => {
  let t: TestApp;
  const id: Record<string, number> = {};
  const body = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  /** TVBox's OkGo request: the api plus its params, as getList / getDetail / getSearch add them. */
  const tvbox = (params: Record<string, string | number>, api = API) => `${api}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await upsertCategories(t.app.db, [
      { typeId: 1, typePid: 0, typeName: '电影' },
      { typeId: 2, typePid: 0, typeName: '连续剧' },
      { typeId: 13, typePid: 2, typeName: '国产剧' },
    ]);
    const now = Date.now();
    await upsertVideos(t.app.db, [
      {
        sourceKey: 't:drama',
        vodName: '示例剧',
        typeId: 13,
        vodYear: '2024',
        vodPic: 'https://img.example.com/p.jpg',
        vodPlayFrom: 'xxm3u8$$$yyyun',
        vodPlayUrl: `第01集$${HLS}#第02集$https://a.example.com/v/2/index.m3u8$$$第01集$https://b.example.com/share/x`,
        vodTime: new Date(now - 3_600_000),
      },
      { sourceKey: 't:film', vodName: 'Film Two', typeId: 1, vodPlayFrom: 'mp4', vodPlayUrl: 'HD$https://c.example.com/f.mp4', vodTime: new Date(now - 100 * 3_600_000) },
      { sourceKey: 't:old', vodName: 'Old Film', typeId: 1, vodYear: '', vodTime: new Date(now - 1000 * 3_600_000) },
    ]);
    for (const item of JSON.parse(await body(`${API}?ac=list`)).list) id[item.vod_name] = item.vod_id;
  });
  afterAll(async () => t?.close());

  it('TVBox JSON (type 1): home from the bare api, categories with t and pg, detail by several ids, search, h', async () => {
    const home = tvboxJson(await body(API));
    expect(home.classes).toEqual([
      { id: '1', name: '电影' },
      { id: '2', name: '连续剧' },
      { id: '13', name: '国产剧' },
    ]);
    expect(home).toMatchObject({ page: 1, pagecount: 1, pagesize: 20, recordcount: 3 });

    // getList sends f= and the filter params beside ac, t and pg: unknown keys are not an error.
    const category = tvboxJson(await body(tvbox({ ac: 'detail', t: 2, pg: 1, f: '' })));
    expect(category.videos.map((v) => v.name)).toEqual(['示例剧']);
    expect(category.videos[0]).toMatchObject({ tid: 13, type: '国产剧', year: 2024, pic: 'https://img.example.com/p.jpg' });
    expect(category.videos[0].routes).toEqual([
      { flag: 'xxm3u8', episodes: [{ name: '第01集', url: HLS }, { name: '第02集', url: 'https://a.example.com/v/2/index.m3u8' }] },
      { flag: 'yyyun', episodes: [{ name: '第01集', url: 'https://b.example.com/share/x' }] },
    ]);

    const detail = tvboxJson(await body(tvbox({ ac: 'detail', ids: `${id['Film Two']},${id['示例剧']}` })));
    expect(detail.videos.map((v) => v.id).sort()).toEqual([String(id['Film Two']), String(id['示例剧'])].sort());
    expect(detail.videos.find((v) => v.name === 'Film Two')?.routes).toEqual([{ flag: 'mp4', episodes: [{ name: 'HD', url: 'https://c.example.com/f.mp4' }] }]);

    expect(tvboxJson(await body(tvbox({ wd: '示例' }))).videos.map((v) => v.name)).toEqual(['示例剧']);
    expect(tvboxJson(await body(tvbox({ ac: 'detail', h: 24 }))).videos.map((v) => v.name)).toEqual(['示例剧']);
    expect(tvboxJson(await body(tvbox({ ac: 'detail', pg: 2 })))).toMatchObject({ page: 2, videos: [] });
  });

  it('TVBox XML (type 0): the same calls with ac=videolist and at=xml, bound as XStream binds them', async () => {
    const home = tvboxXml(await body(tvbox({ at: 'xml' })));
    expect(home.classes).toEqual([
      { id: '1', name: '电影' },
      { id: '2', name: '连续剧' },
      { id: '13', name: '国产剧' },
    ]);
    expect(home).toMatchObject({ page: 1, pagecount: 1, pagesize: 20, recordcount: 3 });
    expect(home.videos.map((v) => v.name)).toEqual(['示例剧', 'Film Two', 'Old Film']);

    const category = tvboxXml(await body(tvbox({ ac: 'videolist', t: 1, pg: 1, at: 'xml' })));
    expect(category.videos.map((v) => v.name)).toEqual(['Film Two', 'Old Film']);
    // An empty vod_year would make XStream fail the whole page: it reads 0.
    expect(category.videos[1].year).toBe(0);

    const detail = tvboxXml(await body(tvbox({ ac: 'videolist', ids: `${id['示例剧']},${id['Old Film']}`, at: 'xml' })));
    const drama = detail.videos.find((v) => v.name === '示例剧')!;
    expect(drama).toMatchObject({ tid: 13, type: '国产剧', year: 2024, pic: 'https://img.example.com/p.jpg' });
    expect(drama.routes.map((r) => [r.flag, r.episodes.map((e) => e.url)])).toEqual([
      ['xxm3u8', [HLS, 'https://a.example.com/v/2/index.m3u8']],
      ['yyyun', ['https://b.example.com/share/x']],
    ]);
    expect(tvboxXml(await body(tvbox({ ac: 'videolist', wd: 'film', at: 'xml' }))).videos.map((v) => v.name)).toEqual(['Film Two', 'Old Film']);
    expect(tvboxXml(await body(tvbox({ ac: 'videolist', h: 24, at: 'xml' }))).recordcount).toBe(1);
  });

  it('TVBox with the ad-free api: its player gets the cleaned address for the HLS route only', async () => {
    const detail = tvboxJson(await body(tvbox({ ac: 'detail', ids: id['示例剧'] }, `/noad${API}`)));
    const [hls, share] = detail.videos[0].routes;
    expect(hls.episodes.map((e) => e.name)).toEqual(['第01集', '第02集']);
    const address = new URL(hls.episodes[0].url);
    expect(address.pathname).toBe('/api/v2/hls/clean.m3u8');
    expect(address.searchParams.get('src')).toBe(HLS);
    expect(share.episodes).toEqual([{ name: '第01集', url: 'https://b.example.com/share/x' }]);
  });

  it('LibreTV: search with ac=videolist&wd=, pages, and detail by ids reading the first route', async () => {
    for (const api of ['/api.php/provide/vod', `/noad/api.php/provide/vod`]) {
      const found = libretvSearch(JSON.parse(await body(libretvSearchUrl(api, '示例'))));
      expect(found.map((v) => v.vod_name)).toEqual(['示例剧']);
      expect(found[0]).toMatchObject({ vod_pic: 'https://img.example.com/p.jpg', type_name: '国产剧' });
      expect(libretvSearch(JSON.parse(await body(libretvSearchUrl(api, 'film', 2))))).toEqual([]);
    }
    const { episodes, videoInfo } = libretvDetail(JSON.parse(await body(libretvDetailUrl('/api.php/provide/vod', id['示例剧']))));
    expect(episodes).toEqual([HLS, 'https://a.example.com/v/2/index.m3u8']);
    expect(videoInfo).toMatchObject({ title: '示例剧', cover: 'https://img.example.com/p.jpg', type: '国产剧', year: '2024' });
    const clean = libretvDetail(JSON.parse(await body(libretvDetailUrl('/noad/api.php/provide/vod', id['示例剧']))));
    expect(clean.episodes.map((u) => new URL(u).searchParams.get('src'))).toEqual([HLS, 'https://a.example.com/v/2/index.m3u8']);
  });
});
