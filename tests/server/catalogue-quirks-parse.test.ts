import { describe, expect, it } from 'vitest';
import { decodeBody } from '../../server/services/catalogue/import/decode-body';
import { readDetails, readListPage } from '../../server/services/catalogue/import/read-answer';
import { safeMarkup, withoutTags } from '../../server/services/catalogue/import/sanitize';
import { renderXml } from '../support/fake-maccms/render';
import { maccmsFixture as fixture } from '../support/maccms-fixtures';

// The real MacCMS answers (tests/support/maccms-fixtures.ts) as the import reads them.

function decoded(text: string): unknown {
  const d = decodeBody(text);
  if (!d.ok) throw new Error(d.message);
  return d.value;
}

const details = (text: string) => {
  const r = readDetails(decoded(text));
  if (!r.ok) throw new Error(r.message);
  return r.value.items;
};

/** The fields an XML detail carries, by their JSON names. */
const XML_FIELDS = ['vod_id', 'vod_name', 'type_id', 'type_name', 'vod_time', 'vod_pic', 'vod_lang', 'vod_area', 'vod_year', 'vod_serial', 'vod_remarks', 'vod_actor', 'vod_director', 'vod_content', 'vod_play_from', 'vod_play_url'] as const;
const pick = (item: Record<string, unknown>) => Object.fromEntries(XML_FIELDS.map((k) => [k, item[k]]));

describe('real MacCMS answers, JSON and XML', () => {
  it('reads the official XML list: ids, page count and the class list (top-level: XML names no parent)', () => {
    const r = readListPage(decoded(fixture('maccms10_official_list.xml')));
    expect(r).toMatchObject({ ok: true, skipped: [] });
    if (!r.ok) return;
    expect(r.value.ids).toEqual([493]);
    expect(r.value.pagecount).toBe(23);
    expect(r.value.categories).toHaveLength(15);
    expect(r.value.categories[5]).toEqual({ typeId: 6, typePid: 0, typeName: '子类2', typeSort: 6 });
  });

  it('reads the official XML detail into the JSON shape: <dd from> is a source, <des> the content, the first <type> the type name', () => {
    const [item] = details(fixture('maccms10_official_detail.xml'));
    expect(item).toMatchObject({
      vod_id: 493,
      type_id: 9,
      vod_name: '测试1',
      type_name: '恐怖片',
      vod_time: '2012-05-06 13:32:28',
      vod_pic: 'http://localhost/uploads/20091130205750222.JPG',
      vod_lang: '英语',
      vod_area: '欧美',
      vod_year: '2012',
      vod_serial: '0',
      vod_director: 'Ryan Schifrin',
      vod_play_from: 'qvod',
      vod_play_url: '第1集$http://localhost/1.mp4|',
      vod_content: '<p>简单介绍。 <br></p>',
    });
    // The site's own page links have no column: not carried into extra.
    expect(item).not.toHaveProperty('vlink');
  });

  it('reads the official JSON list and detail', () => {
    const list = readListPage(decoded(fixture('maccms10_official_list.json')));
    expect(list.ok && list.value.ids).toEqual([21, 20, 19, 18, 15, 13, 14]);
    const [item] = details(fixture('maccms10_official_detail.json'));
    expect(item).toMatchObject({ vod_id: 21, type_id: 6, vod_name: '测试1', vod_play_url: '正片$http://localhost/v_show/id_XMTM0NTczNDExMg==.html', vod_content: '这可是详情介绍啊' });
  });

  it('a detail item and its XML (as Provide.php writes it) read as the same video', () => {
    const json = fixture('SYNTHETIC_detail_item.json');
    const body = JSON.parse(json) as { page: number; pagecount: number; limit: string; total: number; list: Record<string, string | number>[] };
    const xml = renderXml({ ac: 'detail', page: body.page, pagecount: body.pagecount, limit: Number(body.limit), total: body.total, list: body.list, withClass: false, numbersAsStrings: false });
    const fromJson = pick(details(json)[0]);
    const fromXml = pick(details(xml)[0]);
    expect(fromXml).toEqual(fromJson);
    // Two sources, paired by position, as in the JSON.
    expect(fromXml.vod_play_from).toBe('xxm3u8$$$yyyun');
    expect(String(fromXml.vod_play_url).split('$$$')).toHaveLength(2);
  });

  it('a list with class and its XML give the same ids, page count and category names', () => {
    const json = fixture('SYNTHETIC_list_with_class.json');
    const body = JSON.parse(json) as { pagecount: number; total: number; list: Record<string, string | number>[] };
    const xml = renderXml({ ac: 'list', page: 2, pagecount: body.pagecount, limit: 20, total: body.total, list: body.list, withClass: true, numbersAsStrings: false });
    const a = readListPage(decoded(json));
    const b = readListPage(decoded(xml));
    if (!a.ok || !b.ok) throw new Error('unreadable');
    expect(b.value.ids).toEqual(a.value.ids);
    expect(b.value.pagecount).toBe(58);
    expect(b.value.categories.map((c) => [c.typeId, c.typeName])).toEqual(a.value.categories.map((c) => [c.typeId, c.typeName]));
  });
});

describe('hostile or foreign XML', () => {
  it('does not expand a DOCTYPE entity bomb into a huge answer', () => {
    const lol = '<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">' + Array.from({ length: 6 }, (_, i) => `<!ENTITY ${'b'.repeat(i + 1)} "${`&${i === 0 ? 'a' : 'b'.repeat(i)};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [${lol}]><rss><list page="1" pagecount="1" pagesize="20" recordcount="1"><video><id>1</id><name>&bbbbbb;</name></video></list></rss>`;
    const d = decodeBody(bomb);
    const size = d.ok ? JSON.stringify(d.value).length : 0;
    expect(size).toBeLessThan(200_000);
  });

  it('says an XML answer that is no MacCMS list is none, and a broken one does not parse', () => {
    expect(decodeBody('<?xml version="1.0"?><feed><entry/></feed>')).toEqual({ ok: false, message: 'the source answered XML that is not a MacCMS <rss><list> answer' });
    const broken = decodeBody('<rss><list page="1"><video><id>1</video></list></rss>');
    expect(broken.ok).toBe(false);
  });

  it('an empty XML list is a page past the end, not an error', () => {
    const r = readListPage(decoded('<?xml version="1.0" encoding="utf-8"?><rss version="5.1"><list page="9" pagecount="3" pagesize="20" recordcount="45"></list></rss>'));
    expect(r).toEqual({ ok: true, value: { pagecount: 3, ids: [], categories: [] }, skipped: [] });
  });
});

describe('HTML in upstream text', () => {
  it('vod_content keeps bare formatting tags and entities, and loses code, handlers, links and styles', () => {
    expect(safeMarkup('<p onclick="steal()" style="color:red">简介&nbsp;1 &amp; 更多</p><script>alert(1)</script><style>p{}</style><a href="javascript:alert(1)">链接</a>')).toBe('<p>简介&nbsp;1 &amp; 更多</p>链接');
    expect(safeMarkup('<P>A<BR/>B</P>')).toBe('<p>A<br>B</p>');
    expect(safeMarkup('<svg onload=alert(1)><circle/></svg>ok<iframe src="//evil"></iframe>')).toBe('ok');
    expect(safeMarkup('<img src=x onerror=alert(1)>pic')).toBe('pic');
    expect(safeMarkup('a<!-- <script>alert(1)</script> -->b')).toBe('ab');
  });

  it('vod_content: a split or unclosed script leaves nothing a browser would run, and a stray "<" is escaped', () => {
    expect(safeMarkup('<scr<script>x</script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
    expect(safeMarkup('plot<script>alert(1)')).toBe('plot');
    expect(safeMarkup('plot <img src=x onerror=alert(1)')).toBe('plot &lt;img src=x onerror=alert(1)');
    expect(safeMarkup('1 < 2 and 3 > 2')).toBe('1 &lt; 2 and 3 > 2');
  });

  it('one-line fields lose their tags and keep their text', () => {
    expect(withoutTags('<font color="red">更新至2集</font>')).toBe('更新至2集');
    expect(withoutTags('<b>示例剧</b> 1')).toBe('示例剧 1');
    expect(withoutTags('Love <3')).toBe('Love <3');
    expect(withoutTags('名<script>alert(1)</script>字')).toBe('名字');
  });

  it('an upstream item is read with its fields reduced', () => {
    const body = { code: 1, msg: '', list: [{ vod_id: '7', vod_name: '<b>名</b>', vod_remarks: '<font>HD</font>', vod_content: '<p onmouseover="x()">文</p><script>x()</script>' }] };
    const r = readDetails(body);
    expect(r.ok && r.value.items[0]).toMatchObject({ vod_id: 7, vod_name: '名', vod_remarks: 'HD', vod_content: '<p>文</p>' });
  });
});
