// /api.php/provide/vod/ against MacCMS v10's own answers (tests/fixtures/maccms, copied from ../shared/fixtures/maccms;
// magicblack/maccms10 说明文档/API接口说明.txt; PROVENANCE.md): every key, its order and its JSON type,
// the XML document element for element, hostile queries, and the ad-free option followed to the
// cleaned playlist it names.

import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertCategories, upsertVideos } from '../../server/services/catalogue/index';
import { maccmsFixture as fixture, maccmsJson as json } from '../support/maccms-fixtures';
import { filmWithAds } from './helpers/film-with-ads';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

type Shape = string | Shape[] | { [key: string]: Shape };

/** keys (in order) and typeof per key, recursively; an array's shape is its first element's (all must agree). */
function shapeOf(value: unknown): Shape {
  if (Array.isArray(value)) {
    const shapes = value.map(shapeOf);
    for (const s of shapes) expect(s).toEqual(shapes[0]);
    return shapes.length ? [shapes[0]] : [];
  }
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]));
  return value === null ? 'null' : typeof value;
}

/** Element names under each element, in order, with attribute names: the XML's shape (a run of like siblings counts once). */
function xmlShape(body: string): string {
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '@' });
  const walk = (nodes: Record<string, unknown>[]): unknown[] =>
    nodes
      .filter((n) => !('#text' in n) && !('?xml' in n))
      .map((n) => {
        const name = Object.keys(n).find((k) => k !== ':@')!;
        const attrs = Object.keys((n[':@'] as object | undefined) ?? {});
        const children = walk(n[name] as Record<string, unknown>[]).filter((c, i, all) => i === 0 || JSON.stringify(c) !== JSON.stringify(all[i - 1]));
        return { [name]: attrs.length || children.length ? { attrs, children } : {} };
      });
  return JSON.stringify(walk(parser.parse(body) as Record<string, unknown>[]));
}

/** mac_vod columns beyond the doc's abridged detail, typed as the synthetic full item (from Provide.php/Vod.php) has them. */
const FULL_ITEM = (json('SYNTHETIC_detail_item.json').list as Record<string, unknown>[])[0];

let upstream: Server;
let upstreamOrigin: string;

beforeAll(async () => {
  upstream = createServer((req, res: ServerResponse) => {
    if ((req.url ?? '').startsWith('/show/ep')) res.writeHead(200, { 'Content-Type': 'application/vnd.apple.mpegurl' }).end(filmWithAds('/show', { count: 20, mid: 10, postRoll: false }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamOrigin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => upstream?.close());

describe.each(databaseKinds)('MacCMS v10 compatibility on %s', (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const HOSTILE = 'A ]]> B <b>&amp; "q" \u0001 end';

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await upsertCategories(t.app.db, [
      { typeId: 1, typePid: 0, typeName: '电影' },
      { typeId: 6, typePid: 1, typeName: '动作片' },
      { typeId: 40, typePid: 0, typeName: '文章', typeMid: 2 },
    ]);
    await upsertVideos(t.app.db, [
      {
        sourceKey: 't:show',
        vodName: '示例剧',
        typeId: 6,
        vodPic: 'https://img.example.com/p.jpg',
        vodYear: '2024',
        vodRemarks: '更新至2集',
        vodContent: '<p>简介</p>',
        vodPlayFrom: 'xxm3u8$$$yyyun',
        vodPlayUrl: `第01集$${upstreamOrigin}/show/ep1/index.m3u8#第02集$${upstreamOrigin}/show/ep2/index.m3u8$$$第01集$https://b.example.com/share/x#第02集$https://b.example.com/share/y`,
        vodDuration: 2700,
        extra: { vod_serial: '2' },
      },
    ]);
    await upsertVideos(t.app.db, [{ sourceKey: 't:hostile', vodName: HOSTILE, typeId: 6, vodActor: ']]>', vodPlayFrom: 'm<3u8', vodPlayUrl: 'E1$https://c.example.com/a.mp4' }]);
    for (const item of (await get('/api.php/provide/vod/?ac=list')).json().list) ids[item.vod_name] = item.vod_id;
  });
  afterAll(async () => t?.close());

  it('ac=list JSON has the official shape: envelope and item keys in order, JSON types, plus the class array real MacCMS sends', async () => {
    const official = json('maccms10_official_list.json');
    const ours = (await get('/api.php/provide/vod/?ac=list')).json();
    // The doc's block leaves out "class", which Provide.php vod_json adds to every list (PROVENANCE.md).
    const expected = { ...(shapeOf(official) as object), class: shapeOf(json('SYNTHETIC_list_with_class.json').class) };
    expect(shapeOf(ours)).toEqual(expected);
    expect(Object.keys(ours)).toEqual(Object.keys(expected));
    expect(Object.keys(ours.list[0])).toEqual(Object.keys((official.list as object[])[0]));
    expect(ours).toMatchObject({ code: 1, page: 1, limit: '20', total: 2, pagecount: 1 });
  });

  it('ac=detail and videolist JSON have every official key with its type; the rest are mac_vod columns in mac_vod order', async () => {
    const official = json('maccms10_official_detail.json');
    const officialItem = (official.list as Record<string, unknown>[])[0];
    for (const ac of ['detail', 'videolist']) {
      const ours = (await get(`/api.php/provide/vod/?ac=${ac}&ids=${ids['示例剧']}`)).json();
      const { list, ...envelope } = ours;
      const { list: _l, ...officialEnvelope } = official;
      expect(shapeOf(envelope)).toEqual(shapeOf(officialEnvelope));
      expect(Object.keys(envelope)).toEqual(Object.keys(officialEnvelope));
      const item = shapeOf(list[0]) as Record<string, Shape>;
      for (const [key, type] of Object.entries(shapeOf(officialItem) as Record<string, Shape>)) expect(item[key], `${ac} ${key}`).toBe(type);
      // vod_duration is a mac_vod varchar the synthetic item leaves out (TVBox's AbsJsonVod: vod_duration "10").
      const full: Record<string, Shape> = { ...(shapeOf(FULL_ITEM) as Record<string, Shape>), vod_duration: 'string' };
      for (const [key, type] of Object.entries(item)) expect(full[key], `${ac}: ${key} is not a MacCMS field`).toBe(type);
      const order = Object.keys(FULL_ITEM);
      const ours_ = Object.keys(item).filter((k) => order.includes(k));
      expect(ours_).toEqual([...ours_].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
      expect(Object.keys(item).at(-1)).toBe('type_name');
      expect(list[0]).toMatchObject({ vod_serial: '2', vod_duration: '2700', vod_year: '2024' });
    }
  });

  it('at=xml lists as Provide.php vod_xml writes them: the official elements, rss 5.1, video-module categories only', async () => {
    const res = await get('/api.php/provide/vod/?ac=list&at=xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="utf-8"?><rss version="5.1"><list page="1" pagecount="1" pagesize="20" recordcount="2">')).toBe(true);
    expect(XMLValidator.validate(res.body)).toBe(true);
    // The doc's sample is rss 5.0 and carries <vlink>/<plink>, which the v10 code does not write.
    const official = fixture('maccms10_official_list.xml').replace('<rss version="5.0">', '<rss version="5.1">').replace(/<vlink>.*?<\/vlink><plink>.*?<\/plink>/g, '');
    expect(xmlShape(res.body)).toEqual(xmlShape(official));
    expect(xmlShape(res.body)).toContain('{"video":{"attrs":[],"children":[{"last":{}},{"id":{}},{"tid":{}},{"name":{}},{"type":{}},{"dt":{}},{"note":{}}]}}');
    expect(res.body).toContain('<class><ty id="1">电影</ty><ty id="6">动作片</ty></class>');
  });

  it('at=xml details as Provide.php writes them: <dl><dd flag> per route, CDATA where MacCMS has it', async () => {
    const res = await get(`/api.php/provide/vod/?ac=videolist&ids=${ids['示例剧']}&at=xml`);
    expect(XMLValidator.validate(res.body)).toBe(true);
    // The doc's sample has <dd from=> (v10 writes flag=), a second <type>_9</type> and <vlink>/<plink> the code does not write.
    const official = fixture('maccms10_official_detail.xml')
      .replace('<rss version="5.0">', '<rss version="5.1">')
      .replace('<dd from=', '<dd flag=')
      .replace('<type>_9</type>', '')
      .replace(/<vlink>.*?<\/vlink><plink>.*?<\/plink>/g, '');
    expect(xmlShape(res.body)).toEqual(xmlShape(official));
    expect(res.body).toContain(`<dl><dd flag="xxm3u8"><![CDATA[第01集$${upstreamOrigin}/show/ep1/index.m3u8#第02集$${upstreamOrigin}/show/ep2/index.m3u8]]></dd><dd flag="yyyun">`);
    expect(res.body).toContain('<year>2024</year><state>2</state><note><![CDATA[更新至2集]]></note>');
    expect(res.body).not.toContain('<class>');
  });

  it('keeps the XML well-formed whatever the text holds: "]]>" split, markup escaped, forbidden characters dropped', async () => {
    const res = await get(`/api.php/provide/vod/?ac=detail&ids=${ids[HOSTILE]}&at=xml`);
    expect(XMLValidator.validate(res.body)).toBe(true);
    const video = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(res.body).rss.list.video;
    expect(video.name).toBe(HOSTILE.replace('\u0001', ''));
    expect(video.actor).toBe(']]>');
    expect(video.year).toBe('0');
    expect(video.dl.dd['@_flag']).toBe('m<3u8');
  });

  it('answers hostile queries with 400 and the MacCMS failure body, never 500', async () => {
    const cases = [
      'ac=play',
      `ac=detail&ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      `ids=${'9'.repeat(10_000)}`,
      'at=html',
      'at=xml&at=json',
      'ac=list&ac=detail',
      'ids=1&ids=2',
      'clean=yes',
      'pg=-1&at=xml',
      `wd=${'x'.repeat(500)}`,
    ];
    for (const query of cases) {
      const res = await get(`/api.php/provide/vod/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: 0, list: [] });
    }
    for (const at of ['json', 'xml', '']) expect((await get(`/api.php/provide/vod/?at=${at}`)).statusCode, at).toBe(200);
  });

  describe('the ad-free option', () => {
    const detail = async (url: string) => (await get(url)).json().list[0].vod_play_url as string;
    const structure = (playUrl: string) => playUrl.split('$$$').map((r) => r.split('#').map((e) => e.split('$')[0]));

    it('points each HLS episode at the cleaned-playlist endpoint, absolute, leaving other routes and the $$$ # $ structure as they were', async () => {
      const original = await detail(`/api.php/provide/vod/?ac=detail&ids=${ids['示例剧']}`);
      for (const url of [`/api.php/provide/vod/?ac=detail&ids=${ids['示例剧']}&clean=1`, `/noad/api.php/provide/vod/?ac=detail&ids=${ids['示例剧']}`, `/noad/api.php/provide/vod?ac=detail&ids=${ids['示例剧']}&lang=pt`]) {
        const cleaned = await detail(url);
        expect(structure(cleaned), url).toEqual(structure(original));
        const [hls, share] = cleaned.split('$$$');
        for (const [i, episode] of hls.split('#').entries()) {
          const address = new URL(episode.split('$')[1]);
          expect(address.pathname).toBe('/api/v2/hls/clean.m3u8');
          expect(address.searchParams.get('src')).toBe(`${upstreamOrigin}/show/ep${i + 1}/index.m3u8`);
        }
        expect(share).toBe(original.split('$$$')[1]);
      }
      expect(await detail(`/api.php/provide/vod/?ac=detail&ids=${ids['示例剧']}&clean=0`)).toBe(original);
      const xml = (await get(`/noad/api.php/provide/vod/?ac=videolist&ids=${ids['示例剧']}&at=xml`)).body;
      expect(xml).toContain(`/api/v2/hls/clean.m3u8?src=${encodeURIComponent(`${upstreamOrigin}/show/ep1/index.m3u8`)}`);
    });

    it('hands out an address the real server answers with the playlist without its ads', async () => {
      const cleaned = await detail(`/api.php/provide/vod/?ac=detail&ids=${ids['示例剧']}&clean=1`);
      const address = new URL(cleaned.split('$$$')[0].split('#')[0].split('$')[1]);
      const res = await get(address.pathname + address.search);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(res.headers['x-ad-segments']).toBe('6');
      expect(res.body).not.toContain('/ads/');
      expect(res.body.match(/seg_\d+\.ts/g)).toHaveLength(20);
    });
  });
});
