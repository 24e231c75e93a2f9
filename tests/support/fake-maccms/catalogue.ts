// The fake MacCMS source's videos, generated on demand (40,000 of them cost
// no memory). Video serial s (1 = oldest) has vod_id 10000+s and vod_time s
// minutes after EPOCH; the site lists newest first, as MacCMS does (order by
// vod_time desc). `prepended` videos added mid-import are the newest and push
// every other video down the pages; `removed` oldest ones are gone.
// Items follow ../shared/fixtures/maccms/SYNTHETIC_detail_item.json field for
// field; the quirk switches change what a real site changes.

export interface Quirks {
  /** Numbers sent as strings ("vod_id":"12", "page":"1"), as many MacCMS builds do. */
  numbersAsStrings: boolean;
  /** vod_content with <p>, handlers, <script>, <style> and entities; vod_remarks and vod_name with tags. */
  htmlInFields: boolean;
  /** Two $$$ sources, the first a web-page player (no m3u8), the HLS one second. */
  webRouteFirst: boolean;
}

export const CLASSES = [
  { type_id: 1, type_pid: 0, type_name: '电影' },
  { type_id: 2, type_pid: 0, type_name: '连续剧' },
  { type_id: 6, type_pid: 1, type_name: '动作片' },
  { type_id: 13, type_pid: 2, type_name: '国产剧' },
] as const;

/** 2024-05-01 00:00:00 in the site's zone (+08:00, MacCMS's default). */
const EPOCH_MS = Date.UTC(2024, 3, 30, 16, 0, 0);
const ZONE_MS = 8 * 3_600_000;
export const ID_BASE = 10_000;

export type Item = Record<string, string | number>;

export class FakeCatalogue {
  prepended = 0;
  removed = 0;

  constructor(
    readonly initial: number,
    readonly quirks: Quirks,
  ) {}

  /** Videos the site holds now. */
  get size(): number {
    return this.initial + this.prepended - this.removed;
  }

  /** Serial of the video at list position i (0 = newest), or null past the end. */
  serialAt(i: number): number | null {
    return i >= 0 && i < this.size ? this.initial + this.prepended - i : null;
  }

  /** Serial of vod_id, when the site holds that video. */
  serialOf(vodId: number): number | null {
    const s = vodId - ID_BASE;
    return Number.isSafeInteger(s) && s > this.removed && s <= this.initial + this.prepended ? s : null;
  }

  static vodId(serial: number): number {
    return ID_BASE + serial;
  }

  /** The instant of video s's vod_time. */
  static time(serial: number): Date {
    return new Date(EPOCH_MS + serial * 60_000);
  }

  /** The site's clock: a minute after its newest video. */
  now(): Date {
    return FakeCatalogue.time(this.initial + this.prepended + 1);
  }

  private num(n: number): string | number {
    return this.quirks.numbersAsStrings ? String(n) : n;
  }

  /** The ac=list item (Provide.php's short field list; play_from joined with ','). */
  listItem(s: number): Item {
    const full = this.detailItem(s);
    return {
      vod_id: full.vod_id,
      vod_name: full.vod_name,
      type_id: full.type_id,
      type_name: full.type_name,
      vod_en: full.vod_en,
      vod_time: full.vod_time,
      vod_remarks: full.vod_remarks,
      vod_play_from: String(full.vod_play_from).split('$$$').join(','),
    };
  }

  /** The ac=detail / ac=videolist item: every column, type_name last. */
  detailItem(s: number): Item {
    const odd = s % 2 === 1;
    const html = this.quirks.htmlInFields;
    const web = this.quirks.webRouteFirst;
    const hls = `第01集$https://cdn.example.com/v/${s}/1/index.m3u8#第02集$https://cdn.example.com/v/${s}/2/index.m3u8`;
    return {
      vod_id: this.num(FakeCatalogue.vodId(s)),
      type_id: this.num(odd ? 6 : 13),
      type_id_1: this.num(odd ? 1 : 2),
      group_id: this.num(0),
      vod_name: html ? `<b>示例剧</b> ${s}` : `示例剧 ${s}`,
      vod_sub: '',
      vod_en: `shiliju${s}`,
      vod_status: this.num(1),
      vod_letter: 'S',
      vod_class: '剧情',
      vod_pic: `https://img.example.com/${s}.jpg`,
      vod_actor: '甲,乙',
      vod_director: '丙',
      vod_remarks: html ? '<font color="red">更新至2集</font>' : '更新至2集',
      vod_serial: '0',
      vod_area: '大陆',
      vod_lang: '国语',
      vod_year: '2024',
      vod_isend: this.num(0),
      vod_hits: this.num(s % 100),
      vod_score: '0.0',
      vod_time: wallClock(FakeCatalogue.time(s)),
      vod_time_add: this.num(Math.floor(FakeCatalogue.time(s).getTime() / 1000)),
      vod_douban_id: this.num(0),
      vod_douban_score: '0.0',
      vod_content: html ? `<p onclick="steal()" style="color:red">简介&nbsp;${s} &amp; 更多</p><script>alert(${s})</script><style>p{}</style><a href="javascript:alert(1)">链接</a>` : `<p>简介 ${s}</p>`,
      vod_play_from: web ? 'yyweb$$$xxm3u8' : 'xxm3u8',
      vod_play_server: web ? 'no$$$no' : 'no',
      vod_play_note: web ? '$$$' : '',
      vod_play_url: web ? `第01集$https://v.example.com/play/${s}-1.html#第02集$https://v.example.com/play/${s}-2.html$$$${hls}` : hls,
      vod_down_from: '',
      vod_down_server: '',
      vod_down_note: '',
      vod_down_url: '',
      type_name: odd ? '动作片' : '国产剧',
    };
  }
}

/** 'YYYY-MM-DD HH:mm:ss' in the site's zone, as MacCMS writes vod_time. */
export function wallClock(at: Date): string {
  return new Date(at.getTime() + ZONE_MS).toISOString().slice(0, 19).replace('T', ' ');
}
