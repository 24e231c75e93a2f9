// How TVBox (TVBoxOS, the CatVod "type 0/1" sites) reads a MacCMS API, written
// from its public source so our answers are judged by a real client's rules:
//   CYJ316457/TVBoxOS app/src/main/java/com/github/tvbox/osc/viewmodel/SourceViewModel.java
//     (getSort: GET api with no query; getList: ac=videolist|detail, t, pg; getDetail: ids; getSearch: wd;
//      absXml(): episodes split on '#', then name/url on '$')
//   .../bean/AbsJson.java (Gson: code, page, pagecount, total int; limit String; vod_* String; toXmlVideo splits $$$)
//   .../bean/Movie.java (XStream: list@page|pagecount|pagesize|recordcount int, video/tid int, video/year int,
//      dl/dd@flag with the episodes as its text), AbsXml.java (rss/list)
//   bestpvp/TVBoxOS .../bean/AbsSortJson.java ("class": [{type_id, type_name}]), AbsSortXml.java (rss/class/ty@id)
// Gson and XStream fail the whole answer on a value they cannot bind (an int field given "" or "abc"): so do these.

import { XMLParser } from 'fast-xml-parser';

export interface TvboxEpisode {
  name: string;
  url: string;
}
export interface TvboxRoute {
  flag: string;
  episodes: TvboxEpisode[];
}
export interface TvboxVideo {
  id: string;
  tid: number;
  name: string;
  type: string;
  pic: string;
  year: number;
  note: string;
  des: string;
  routes: TvboxRoute[];
}
export interface TvboxPage {
  page: number;
  pagecount: number;
  pagesize: number;
  recordcount: number;
  videos: TvboxVideo[];
  classes: { id: string; name: string }[] | null;
}

/** Java's int binding: a whole number, or a string Integer.parseInt takes; anything else throws. */
function javaInt(value: unknown, field: string): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^[+-]?\d{1,10}$/.test(value)) return Number(value);
  throw new Error(`TVBox cannot bind ${field} = ${JSON.stringify(value)} to an int`);
}

/** Gson's String binding: strings, numbers and booleans as text, null stays null; objects and arrays throw. */
function gsonString(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`TVBox cannot bind ${field} to a String`);
}

/** absXml(): a route's text split on '#', each episode on '$' (name, url), a bare url numbered. */
function episodes(urls: string): TvboxEpisode[] {
  const list: TvboxEpisode[] = [];
  for (const part of urls.includes('#') ? urls.split('#') : [urls]) {
    const ss = part.split('$');
    list.push(ss.length >= 2 ? { name: ss[0], url: ss[1] } : { name: String(list.length + 1), url: ss[0] });
  }
  return list;
}

/** AbsJson.toXmlVideo(): vod_play_from and vod_play_url split on $$$, route i gets urls i (or ''). */
function jsonRoutes(from: string | null, urls: string | null): TvboxRoute[] {
  if (from === null || urls === null) return [];
  const urlList = urls.split('$$$');
  return from.split('$$$').map((flag, i) => ({ flag, episodes: episodes(urlList[i] ?? '') }));
}

/** A type 1 (JSON) site's answer, as SourceViewModel.json()/sortJson() read it. */
export function tvboxJson(body: string): TvboxPage {
  const obj = JSON.parse(body) as Record<string, unknown>;
  const list = obj.list;
  if (!Array.isArray(list)) throw new Error('TVBox: no list');
  const videos = list.map((raw: Record<string, unknown>, i) => {
    const s = (k: string) => gsonString(raw[k], `list[${i}].${k}`);
    const year = Number.parseInt(s('vod_year') ?? '', 10);
    return {
      id: s('vod_id') ?? '',
      tid: raw.type_id === undefined ? 0 : javaInt(raw.type_id, `list[${i}].type_id`),
      name: s('vod_name') ?? '',
      type: s('type_name') ?? '',
      pic: s('vod_pic') ?? '',
      year: Number.isNaN(year) ? 0 : year,
      note: s('vod_remarks') ?? '',
      des: s('vod_content') ?? '',
      routes: jsonRoutes(s('vod_play_from'), s('vod_play_url')),
    };
  });
  const classes = Array.isArray(obj.class)
    ? obj.class.map((c: Record<string, unknown>, i) => ({ id: gsonString(c.type_id, `class[${i}].type_id`) ?? '', name: gsonString(c.type_name, `class[${i}].type_name`) ?? '' }))
    : null;
  return {
    page: obj.page === undefined ? 0 : javaInt(obj.page, 'page'),
    pagecount: obj.pagecount === undefined ? 0 : javaInt(obj.pagecount, 'pagecount'),
    pagesize: Number.parseInt(gsonString(obj.limit, 'limit') ?? '', 10) || 0,
    recordcount: obj.total === undefined ? 0 : javaInt(obj.total, 'total'),
    videos,
    classes,
  };
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ['video', 'dd', 'ty'].includes(name),
});

type Node = Record<string, unknown>;
const textOf = (v: unknown): string => (v === undefined ? '' : typeof v === 'string' ? v : String((v as Node)['#text'] ?? ''));

/** A type 0 (XML) site's answer, bound as XStream binds AbsXml / AbsSortXml (unknown elements ignored). */
export function tvboxXml(body: string): TvboxPage {
  const doc = xml.parse(body, true) as Node;
  const rss = doc.rss as Node | undefined;
  if (!rss || typeof rss !== 'object') throw new Error('TVBox: no <rss>');
  const list = (rss.list ?? {}) as Node;
  const videos = ((list.video ?? []) as Node[]).map((v, i) => ({
    id: textOf(v.id),
    tid: javaInt(textOf(v.tid), `video[${i}].tid`),
    name: textOf(v.name),
    type: textOf(v.type),
    pic: textOf(v.pic),
    year: v.year === undefined ? 0 : javaInt(textOf(v.year), `video[${i}].year`),
    note: textOf(v.note),
    des: textOf(v.des),
    routes: (((v.dl as Node | undefined)?.dd ?? []) as Node[]).map((dd) => ({ flag: String(dd['@flag'] ?? ''), episodes: episodes(textOf(dd)) })),
  }));
  const cls = rss.class as Node | undefined;
  return {
    page: javaInt(list['@page'], 'list@page'),
    pagecount: javaInt(list['@pagecount'], 'list@pagecount'),
    pagesize: javaInt(list['@pagesize'], 'list@pagesize'),
    recordcount: javaInt(list['@recordcount'], 'list@recordcount'),
    videos,
    classes: cls ? ((cls.ty ?? []) as Node[]).map((ty) => ({ id: String(ty['@id']), name: textOf(ty) })) : null,
  };
}
