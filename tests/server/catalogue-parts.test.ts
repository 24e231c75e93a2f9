import { describe, expect, it } from 'vitest';
import type { CategoryRow } from '../../server/services/catalogue/categories';
import { parseVodQuery } from '../../server/services/catalogue/index';
import { formatVodTime } from '../../server/services/catalogue/format';
import { containsPattern } from '../../server/services/catalogue/video-filter';
import { parseImportArgs } from '../../server/services/catalogue/import/index';
import { decodeBody } from '../../server/services/catalogue/import/decode-body';
import { mapCategories } from '../../server/services/catalogue/import/map-categories';
import { toVideoInput } from '../../server/services/catalogue/import/map-video';
import { stripScripts } from '../../server/services/catalogue/import/sanitize';
import { upstreamVideoSchema } from '../../server/services/catalogue/import/upstream-schema';
import { parseUpstreamTime } from '../../server/services/catalogue/import/upstream-time';

const local = (typeId: number, typeName: string, typePid = 0, more: Partial<CategoryRow> = {}): CategoryRow => ({
  typeId,
  typePid,
  typeName,
  typeEn: '',
  typeNames: {},
  typeSort: 0,
  typeMid: 1,
  typeStatus: 1,
  ...more,
});
const up = (typeId: number, typeName: string, typePid = 0, typeSort = 0) => ({ typeId, typePid, typeName, typeSort });

describe('vod query', () => {
  it('defaults to a first list page of 20 and grows the page to the number of ids', () => {
    expect(parseVodQuery({})).toMatchObject({ ok: true, query: { ac: 'list', page: 1, pageSize: 20 }, output: { format: 'json', appFields: false, clean: false } });
    const ids = Array.from({ length: 30 }, (_, i) => i + 1).join(',');
    const r = parseVodQuery({ ac: 'videolist', ids: `${ids},1`, lang: 'ko-KR' });
    expect(r.ok && r.query).toMatchObject({ ac: 'detail', pageSize: 30, nameLanguage: 'ko' });
    expect(r.ok && r.query.ids).toHaveLength(30);
    expect(parseVodQuery({ ids: '1,2', limit: '5', pagesize: '7' })).toMatchObject({ ok: true, query: { pageSize: 7 } });
  });

  it('names every bad parameter in one message', () => {
    expect(parseVodQuery({ pg: 'x', t: '0' })).toEqual({ ok: false, message: 'pg must be a positive integer, got "x"; t must be an integer from 1 to 2147483647, got "0"' });
  });
});

describe('LIKE pattern', () => {
  it('escapes %, _ and the backslash', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('vod_time', () => {
  it('is wall-clock time in São Paulo with a 24-hour clock', () => {
    expect(formatVodTime(new Date('2024-05-01T04:00:00Z'))).toBe('2024-05-01 01:00:00');
    expect(formatVodTime(new Date('2024-01-01T02:59:59Z'))).toBe('2023-12-31 23:59:59');
    expect(formatVodTime(new Date('2024-06-15T15:00:00Z'))).toBe('2024-06-15 12:00:00');
  });

  it('reads upstream times: wall clock at the source offset, Unix seconds, ISO; nothing else', () => {
    expect(parseUpstreamTime('2024-05-01 12:00:00', '+08:00')).toEqual(new Date('2024-05-01T04:00:00Z'));
    expect(parseUpstreamTime('2024-05-01 12:00', '+08:00')).toEqual(new Date('2024-05-01T04:00:00Z'));
    expect(parseUpstreamTime(1714536000, '+08:00')).toEqual(new Date('2024-05-01T04:00:00Z'));
    expect(parseUpstreamTime('1714536000', '+08:00')).toEqual(new Date('2024-05-01T04:00:00Z'));
    expect(parseUpstreamTime('2024-05-01T04:00:00Z', '+08:00')).toEqual(new Date('2024-05-01T04:00:00Z'));
    for (const bad of ['', '2024-13-45 99:00:00', 'yesterday', 0, null, {}]) expect(parseUpstreamTime(bad, '+08:00'), String(bad)).toBeNull();
  });
});

describe('script stripping', () => {
  it('removes script elements and stray tags but keeps other HTML as sent', () => {
    expect(stripScripts('<p>a&nbsp;b</p><script type="x">alert(1)</script><b>c</b>')).toBe('<p>a&nbsp;b</p><b>c</b>');
    expect(stripScripts('<SCRIPT>x</SCRIPT >ok')).toBe('ok');
    expect(stripScripts('a<script src="//evil">')).toBe('a');
    expect(stripScripts('<scr<script></script>ipt>alert(1)</script>')).toBe('alert(1)');
  });
});

describe('upstream body decoding', () => {
  it('reads JSON whatever precedes it: a BOM or a PHP notice', () => {
    expect(decodeBody('\uFEFF{"code":1}')).toEqual({ ok: true, value: { code: 1 } });
    expect(decodeBody('<b>Notice</b>: Undefined index: x in /www/a.php\n{"code":1,"list":[]}')).toEqual({ ok: true, value: { code: 1, list: [] } });
  });

  it('quotes what a non-JSON answer says, shortened', () => {
    expect(decodeBody('')).toEqual({ ok: false, message: 'the source answered an empty answer instead of JSON', notMacCmsJson: true });
    // MacCMS's own "API off" answer: its XML is off too, so nothing else is asked.
    expect(decodeBody('closed')).toEqual({ ok: false, message: 'the source answered "closed" instead of JSON (the site has switched its MacCMS API off)' });
    const long = decodeBody(`denied ${'x'.repeat(200)}`);
    expect(long.ok === false && long.message).toMatch(/^the source answered "denied x{73}…" instead of JSON$/);
  });
});

describe('category mapping', () => {
  it('keeps free and same-named ids, renumbers collisions above every id, and maps parents first', () => {
    const m = mapCategories([up(6, '动作片', 1), up(1, '电影'), up(2, '连续剧'), up(20, '综艺')], [local(1, 'Filmes', 0, { typeEn: 'movies' }), local(2, '连续剧', 0, { typeSort: 9 })]);
    expect(Object.fromEntries(m.ids)).toEqual({ 1: 21, 2: 2, 6: 6, 20: 20 });
    expect(m.rows.find((r) => r.typeId === 6)).toMatchObject({ typePid: 21 });
    expect(m.rows.find((r) => r.typeId === 2)).toMatchObject({ typeName: '连续剧', typeSort: 0 });
    expect(m.rows.some((r) => r.typeId === 1)).toBe(false);
  });

  it('keeps our per-language names on a matched category and gives a new one none (its type_name is the truth)', () => {
    const names = { 'pt-BR': 'Séries', zh: '连续剧', en: 'Series', ja: 'ドラマ', ko: '드라마' };
    const m = mapCategories([up(2, '连续剧', 0, 3), up(20, '综艺')], [local(2, '连续剧', 0, { typeNames: names })]);
    expect(m.rows.find((r) => r.typeId === 2)).toMatchObject({ typeNames: names, typeSort: 3 });
    expect(m.rows.find((r) => r.typeId === 20)).toMatchObject({ typeName: '综艺', typeEn: '', typeNames: {} });
  });

  it('finds a renumbered category again by name under the same parent', () => {
    const m = mapCategories([up(1, '电影')], [local(1, 'Filmes', 0, { typeEn: 'movies' }), local(14, '电影', 0, { typeEn: 'film' })]);
    expect(Object.fromEntries(m.ids)).toEqual({ 1: 14 });
    expect(m.rows).toEqual([local(14, '电影', 0, { typeEn: 'film' })]);
  });

  it('resolves a parent mapped earlier and makes a category with an unknown parent top-level', () => {
    const m = mapCategories([up(7, '喜剧片', 1), up(8, '纪录片', 99)], [local(30, '电影')], new Map([[1, 30]]));
    expect(m.rows.map((r) => [r.typeId, r.typePid])).toEqual([
      [7, 30],
      [8, 0],
    ]);
  });
});

describe('upstream video mapping', () => {
  it('reads strings for numbers, keeps unknown keys in extra and keys the row by host and upstream id', () => {
    const item = upstreamVideoSchema.parse({ vod_id: '42', vod_name: 7, type_id: '13', vod_hits: '99999999999', vod_duration: 'n/a', vod_actor: { x: 1 }, vod_score: '8.5', vod_time: '2024-05-01 12:00:00' });
    const row = toVideoInput(item, { host: 'src.example.com:8080', typeId: 14, utcOffset: '+08:00', now: new Date(0) });
    expect(row).toMatchObject({ sourceKey: 'src.example.com:8080:42', vodName: '7', typeId: 14, vodHits: 2_147_483_647, vodDuration: null, vodActor: '', vodNamePt: null });
    expect(row.extra).toEqual({ vod_score: '8.5' });
    expect(row.vodTime).toEqual(new Date('2024-05-01T04:00:00Z'));
  });

  it('reads the official MacCMS v10 detail sample as sent', () => {
    // maccms10 说明文档/API接口说明.txt, "内容数据格式" (shared fixtures maccms10_official_detail.json).
    const official = {"vod_id":21,"vod_name":"测试1","type_id":6,"type_name":"子类1","vod_en":"qingjian","vod_time":"2018-03-29 20:50:19","vod_remarks":"超清","vod_play_from":"youku","vod_pic":"https://localhost/view/photo/s_ratio_poster/public/p2259384068.jpg","vod_area":"大陆","vod_lang":"国语","vod_year":"2018","vod_serial":"0","vod_actor":"主演们","vod_director":"导演","vod_content":"这可是详情介绍啊","vod_play_url":"正片$http://localhost/v_show/id_XMTM0NTczNDExMg==.html"};
    const row = toVideoInput(upstreamVideoSchema.parse(official), { host: 'localhost', typeId: 6, utcOffset: '+08:00', now: new Date(0) });
    expect(row).toMatchObject({ sourceKey: 'localhost:21', vodName: '测试1', vodYear: '2018', vodPlayUrl: official.vod_play_url, vodTime: new Date('2018-03-29T12:50:19Z') });
    expect(row.extra).toEqual({ vod_serial: '0' });
  });

  it('falls back to vod_time_add, then to now', () => {
    const at = (fields: Record<string, unknown>) => toVideoInput(upstreamVideoSchema.parse({ vod_id: 1, vod_name: 'a', ...fields }), { host: 'h', typeId: 0, utcOffset: '+08:00', now: new Date(5000) }).vodTime;
    expect(at({ vod_time: 'x', vod_time_add: 1714536000 })).toEqual(new Date('2024-05-01T04:00:00Z'));
    expect(at({})).toEqual(new Date(5000));
  });
});

describe('import arguments', () => {
  it('takes a URL and --pages, adding the MacCMS path to a bare site', () => {
    const r = parseImportArgs(['--', 'https://src.example.com', '--pages', '3']);
    expect(r.ok && r.args.endpoint.href).toBe('https://src.example.com/api.php/provide/vod/');
    expect(r.ok && r.args.pages).toBe(3);
    // No --pages: the whole source (issue 18), --pages is a limit.
    expect(parseImportArgs(['http://a.example/api.php/provide/vod/?at=json'])).toMatchObject({ ok: true, args: { pages: undefined } });
  });

  it('refuses a missing or non-http URL and a bad page count', () => {
    expect(parseImportArgs([])).toEqual({ ok: false, message: 'give exactly one URL' });
    expect(parseImportArgs(['ftp://a.example/'])).toEqual({ ok: false, message: 'URL must be http or https, got "ftp:"' });
    expect(parseImportArgs(['https://a.example/', '--pages', '0'])).toMatchObject({ ok: false, message: expect.stringMatching(/^--pages must be an integer/) });
    expect(parseImportArgs(['https://a.example/', '--bogus'])).toMatchObject({ ok: false });
  });
});
