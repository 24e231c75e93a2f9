// at=xml: the RSS document MacCMS v10 writes (Provide.php vod_xml), element for
// element: <rss version="5.1"><list page pagecount pagesize recordcount> with a
// <video> per item (list: last id tid name type dt note; detail: last id tid
// name type pic lang area year state note actor director dl des) and, for
// lists, <class> with a <ty id> per video category. MacCMS pastes its text in
// unescaped; here text is escaped and CDATA sections are split around "]]>",
// and characters XML 1.0 forbids are dropped, so any title keeps the document
// well-formed.

import type { MaccmsDetailItem } from './format';
import type { VodEnvelope } from './vod-response';

type ListItem = Pick<MaccmsDetailItem, 'vod_id' | 'type_id' | 'vod_name' | 'type_name' | 'vod_time' | 'vod_remarks' | 'vod_play_from'>;

/** Control characters, lone surrogates and U+FFFE/U+FFFF: not allowed anywhere in an XML 1.0 document. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function text(value: string | number): string {
  return String(value).replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

function cdata(value: string): string {
  return `<![CDATA[${value.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

const el = (name: string, body: string) => `<${name}>${body}</${name}>`;

function head(v: ListItem): string {
  return el('last', text(v.vod_time)) + el('id', text(v.vod_id)) + el('tid', text(v.type_id)) + el('name', cdata(v.vod_name)) + el('type', text(v.type_name));
}

/** One <dd flag="route"> per play route, its episodes as MacCMS stores them. */
function playRoutes(from: string, urls: string): string {
  const urlsByRoute = urls.split('$$$');
  return from
    .split('$$$')
    .map((flag, i) => `<dd flag="${text(flag)}">${cdata(urlsByRoute[i] ?? '')}</dd>`)
    .join('');
}

function listVideo(v: ListItem): string {
  return el('video', head(v) + el('dt', text(v.vod_play_from)) + el('note', cdata(v.vod_remarks)));
}

function detailVideo(v: MaccmsDetailItem): string {
  return el(
    'video',
    head(v) +
      el('pic', text(v.vod_pic)) +
      el('lang', text(v.vod_lang)) +
      el('area', text(v.vod_area)) +
      // TVBox binds <year> to an int (Movie.java) and drops the whole page on anything else: 0 for "unknown".
      el('year', text(/^\d{1,9}$/.test(v.vod_year) ? v.vod_year : '0')) +
      el('state', text(v.vod_serial)) +
      el('note', cdata(v.vod_remarks)) +
      el('actor', cdata(v.vod_actor)) +
      el('director', cdata(v.vod_director)) +
      el('dl', playRoutes(v.vod_play_from, v.vod_play_url)) +
      el('des', cdata(v.vod_content)),
  );
}

export type XmlPage =
  | { ac: 'list'; envelope: VodEnvelope<ListItem>; classes: { type_id: number; type_name: string }[] }
  | { ac: 'detail'; envelope: VodEnvelope<MaccmsDetailItem> };

export function vodXml(page: XmlPage): string {
  const e = page.envelope;
  const videos = page.ac === 'list' ? page.envelope.list.map(listVideo).join('') : page.envelope.list.map(detailVideo).join('');
  const list = `<list page="${e.page}" pagecount="${e.pagecount}" pagesize="${text(e.limit)}" recordcount="${e.total}">${videos}</list>`;
  const classes = page.ac === 'list' ? el('class', page.classes.map((c) => `<ty id="${c.type_id}">${text(c.type_name)}</ty>`).join('')) : '';
  return `<?xml version="1.0" encoding="utf-8"?><rss version="5.1">${list}${classes}</rss>`;
}
