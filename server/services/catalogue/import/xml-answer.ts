// A MacCMS XML answer (at=xml) -> the envelope its JSON answer carries, so
// one zod schema (upstream-schema.ts) reads both. The shape is Provide.php's
// vod_xml: <rss><list page pagecount pagesize recordcount><video>..</video>
// </list><class><ty id>name</ty></class></rss>. A detail video's <dl> holds
// one <dd flag> per source (older builds and the doc write <dd from>), which
// become the $$$-joined vod_play_from / vod_play_url the JSON answer has.
// Tags with no JSON column (vlink, plink: the site's own pages) are dropped.

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { importConfig } from '../config';

export type XmlRead = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** Video tags -> the JSON field each one is (Provide.php vod_xml). */
const VIDEO_FIELDS: Record<string, string> = {
  last: 'vod_time',
  id: 'vod_id',
  tid: 'type_id',
  name: 'vod_name',
  type: 'type_name',
  pic: 'vod_pic',
  lang: 'vod_lang',
  area: 'vod_area',
  year: 'vod_year',
  state: 'vod_serial',
  note: 'vod_remarks',
  actor: 'vod_actor',
  director: 'vod_director',
  des: 'vod_content',
  dt: 'vod_play_from',
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Values stay text: zod reads "13" as 13 where a number is meant, and a name like "007" keeps its zeros.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'video' || name === 'dd' || name === 'ty',
  // A DOCTYPE's entities may not multiply one answer into gigabytes.
  processEntities: { enabled: true, maxTotalExpansions: importConfig.xmlMaxEntityExpansions, maxExpandedLength: importConfig.xmlMaxExpandedLength },
  htmlEntities: false,
});

/** True when the text is an XML document rather than JSON or an HTML page. */
export function looksLikeXml(text: string): boolean {
  return /^(?:<\?xml[\s?]|<rss[\s>])/i.test(text);
}

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A tag's text: plain, or '#text' beside attributes; a repeated tag gives its first. */
function text(value: unknown): string | undefined {
  if (Array.isArray(value)) return text(value[0]);
  // U+0000 would fail the page's insert, as in JSON answers (decode-body.ts).
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (isNode(value)) return typeof value['#text'] === 'string' ? value['#text'].replaceAll('\u0000', '') : '';
  return undefined;
}

function attribute(node: unknown, name: string): string | undefined {
  return isNode(node) && typeof node[`@_${name}`] === 'string' ? (node[`@_${name}`] as string) : undefined;
}

function video(node: unknown): Node {
  const out: Node = {};
  if (!isNode(node)) return out;
  for (const [tag, field] of Object.entries(VIDEO_FIELDS)) {
    const value = text(node[tag]);
    if (value !== undefined) out[field] = value;
  }
  const dds = isNode(node.dl) && Array.isArray(node.dl.dd) ? node.dl.dd : [];
  if (dds.length > 0) {
    out.vod_play_from = dds.map((dd) => attribute(dd, 'flag') ?? attribute(dd, 'from') ?? '').join('$$$');
    out.vod_play_url = dds.map((dd) => text(dd) ?? '').join('$$$');
  }
  return out;
}

/** <ty id="6">name</ty>: the XML class list carries no parent, so every category is top-level. */
function category(node: unknown): Node {
  return { type_id: attribute(node, 'id'), type_pid: 0, type_name: text(node) };
}

export function readXmlAnswer(body: string): XmlRead {
  // The parser itself accepts mismatched tags; a page cut short or mangled must fail, not read as fewer videos.
  const valid = XMLValidator.validate(body);
  if (valid !== true) return { ok: false, message: `the source answered XML that does not parse (${valid.err.msg}, line ${valid.err.line})` };
  let doc: unknown;
  try {
    doc = parser.parse(body);
  } catch (err) {
    return { ok: false, message: `the source answered XML that does not parse (${err instanceof Error ? err.message : String(err)})` };
  }
  const rss = isNode(doc) ? doc.rss : undefined;
  const list = isNode(rss) ? rss.list : undefined;
  if (!isNode(rss) || !(isNode(list) || list === '')) return { ok: false, message: 'the source answered XML that is not a MacCMS <rss><list> answer' };
  const videos = isNode(list) && Array.isArray(list.video) ? list.video : [];
  const classes = isNode(rss.class) && Array.isArray(rss.class.ty) ? rss.class.ty : null;
  return {
    ok: true,
    value: {
      // XML has no code: an answer that is a list is MacCMS's success.
      code: 1,
      msg: '',
      page: attribute(list, 'page'),
      pagecount: attribute(list, 'pagecount'),
      limit: attribute(list, 'pagesize'),
      total: attribute(list, 'recordcount'),
      list: videos.map(video),
      ...(classes ? { class: classes.map(category) } : {}),
    },
  };
}
