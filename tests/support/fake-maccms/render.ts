// The fake source's answers, in the two shapes MacCMS v10 writes: the JSON
// envelope of ../shared/fixtures/maccms/*.json and Provide.php's vod_xml
// (rss 5.1: <list page pagecount pagesize recordcount>, <video> with <dl><dd
// flag>, <class><ty id>), the tags in the order Provide.php writes them.

import { CLASSES, type Item } from './catalogue';

export interface Page {
  ac: 'list' | 'detail';
  page: number;
  pagecount: number;
  /** The page size, which MacCMS echoes as a string (its config value). */
  limit: number;
  total: number;
  list: Item[];
  /** ac=list answers carry the categories. */
  withClass: boolean;
  numbersAsStrings: boolean;
}

export function renderJson(p: Page): string {
  const num = (n: number) => (p.numbersAsStrings ? String(n) : n);
  const classes = CLASSES.map((c) => ({ type_id: num(c.type_id), type_pid: num(c.type_pid), type_name: c.type_name }));
  const body = { code: 1, msg: '数据列表', page: num(p.page), pagecount: num(p.pagecount), limit: String(p.limit), total: num(p.total), list: p.list, ...(p.withClass ? { class: classes } : {}) };
  return JSON.stringify(body);
}

/** CDATA cannot hold "]]>": split it as XML writers do. */
const cdata = (v: unknown) => `<![CDATA[${String(v).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
const escape = (v: unknown) => String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function dl(item: Item): string {
  const froms = String(item.vod_play_from).split('$$$');
  const urls = String(item.vod_play_url).split('$$$');
  return froms.map((from, i) => `<dd flag="${escape(from)}">${cdata(urls[i] ?? '')}</dd>`).join('');
}

function video(item: Item, ac: Page['ac']): string {
  let xml = `<video><last>${escape(item.vod_time)}</last><id>${item.vod_id}</id><tid>${item.type_id}</tid><name>${cdata(item.vod_name)}</name><type>${escape(item.type_name)}</type>`;
  if (ac === 'detail') {
    xml += `<pic>${escape(item.vod_pic)}</pic><lang>${escape(item.vod_lang)}</lang><area>${escape(item.vod_area)}</area><year>${escape(item.vod_year)}</year><state>${escape(item.vod_serial)}</state>`;
    xml += `<note>${cdata(item.vod_remarks)}</note><actor>${cdata(item.vod_actor)}</actor><director>${cdata(item.vod_director)}</director><dl>${dl(item)}</dl><des>${cdata(item.vod_content)}</des>`;
  } else {
    xml += `<dt>${escape(item.vod_play_from)}</dt><note>${cdata(item.vod_remarks)}</note>`;
  }
  return `${xml}</video>`;
}

export function renderXml(p: Page): string {
  let xml = '<?xml version="1.0" encoding="utf-8"?><rss version="5.1">';
  xml += `<list page="${p.page}" pagecount="${p.pagecount}" pagesize="${p.limit}" recordcount="${p.total}">`;
  xml += p.list.map((item) => video(item, p.ac)).join('');
  xml += '</list>';
  if (p.withClass) xml += `<class>${CLASSES.map((c) => `<ty id="${c.type_id}">${escape(c.type_name)}</ty>`).join('')}</class>`;
  return `${xml}</rss>`;
}
