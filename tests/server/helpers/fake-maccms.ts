// A fake upstream MacCMS v10 site on loopback for importer tests. Its answers
// follow the real shapes (shared fixtures maccms/SYNTHETIC_*.json, from
// magicblack/maccms10 Provide.php): numbers as strings, text/html content type,
// the `class` array on lists, every column on details. Some paths misbehave on
// purpose: /closed/... answers "closed" (the API switched off), /broken/...
// a ThinkPHP error page with status 200; listed pages answer 500 or never.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeItem = Record<string, string>;

export interface FakeMaccms {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The working API: origin + /api.php/provide/vod/ */
  endpoint: string;
  /** URL.host of the site (source keys start with it). */
  host: string;
  /** Detail items, newest first; edit them to change what the next import sees. */
  videos: FakeItem[];
  /** The class array; set withClass false to leave it out. */
  classes: FakeItem[];
  withClass: boolean;
  pageSize: number;
  /** List pages answering 500 with an HTML error page. */
  failListPages: Set<number>;
  /** List pages that never answer. */
  hangListPages: Set<number>;
  /** Detail requests naming one of these vod_ids answer 500. */
  failDetailIds: Set<string>;
  /** ac=videolist: 'full' (detail items per page, as MacCMS v10), 'noPlayUrl' (items without play urls), 'unsupported' (an empty list). */
  videolist: 'full' | 'noPlayUrl' | 'unsupported';
  /** Answers 429 with this Retry-After to the next `count` page requests (list or videolist). */
  throttle: { count: number; retryAfter: string } | null;
  /** Called before each page answer (list or videolist) with its page number: tests change the source mid-import here. */
  beforePage: ((pg: number) => void) | null;
  /** Added to every answer, in ms. */
  latencyMs: number;
  /** Path and query of every request, in order. */
  requests: string[];
  close(): Promise<void>;
}

const CLASSES: FakeItem[] = [
  { type_id: '1', type_pid: '0', type_name: '电影' },
  { type_id: '2', type_pid: '0', type_name: '连续剧' },
  { type_id: '6', type_pid: '1', type_name: '动作片' },
  { type_id: '13', type_pid: '2', type_name: '国产剧' },
];

/** Video n (1-based): vod_id 1000+n, type 6 when n is odd and 13 when even, vod_time n-1 minutes before 2024-05-01 12:00:00. */
export function fakeVideo(n: number): FakeItem {
  const odd = n % 2 === 1;
  const minutes = n - 1;
  const time = new Date(Date.UTC(2024, 4, 1, 12, 0, 0) - minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  return {
    vod_id: String(1000 + n),
    type_id: odd ? '6' : '13',
    type_id_1: odd ? '1' : '2',
    group_id: '0',
    vod_name: `示例剧 ${n}`,
    vod_sub: '',
    vod_en: `shiliju${n}`,
    vod_status: '1',
    vod_letter: 'S',
    vod_class: '剧情',
    vod_pic: `https://img.example.com/${n}.jpg`,
    vod_actor: '甲,乙',
    vod_director: '丙',
    vod_remarks: '更新至2集',
    vod_serial: '0',
    vod_area: '大陆',
    vod_lang: '国语',
    vod_year: '2024',
    vod_isend: '0',
    vod_hits: '5',
    vod_score: '0.0',
    vod_time: time,
    vod_time_add: '1714536000',
    vod_douban_id: '0',
    vod_douban_score: '0.0',
    vod_content: `<p>简介&nbsp;文本 ${n}</p><script>alert(${n})</script>`,
    vod_play_from: 'xxm3u8$$$yyyun',
    vod_play_server: 'no$$$no',
    vod_play_note: '$$$',
    vod_play_url: `第01集$https://a.example.com/${n}/1/index.m3u8#第02集$https://a.example.com/${n}/2/index.m3u8$$$第01集$https://b.example.com/share/${n}`,
    vod_down_from: '',
    vod_down_server: '',
    vod_down_note: '',
    vod_down_url: '',
    type_name: odd ? '动作片' : '国产剧',
  };
}

const ERROR_PAGE = '<!DOCTYPE html><html><head><meta charset="UTF-8"><title>系统发生错误</title></head><body><h1>页面错误！请稍后再试～</h1></body></html>';

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body);
}

export async function startFakeMaccms(count = 45): Promise<FakeMaccms> {
  const site: Omit<FakeMaccms, 'origin' | 'endpoint' | 'host' | 'close'> = {
    videos: Array.from({ length: count }, (_, i) => fakeVideo(i + 1)),
    classes: CLASSES.map((c) => ({ ...c })),
    withClass: true,
    pageSize: 20,
    failListPages: new Set(),
    hangListPages: new Set(),
    failDetailIds: new Set(),
    videolist: 'full',
    throttle: null,
    beforePage: null,
    latencyMs: 0,
    requests: [],
  };

  const shortItem = (v: FakeItem) => ({
    vod_id: v.vod_id,
    vod_name: v.vod_name,
    type_id: v.type_id,
    type_name: v.type_name,
    vod_en: v.vod_en,
    vod_time: v.vod_time,
    vod_remarks: v.vod_remarks,
    vod_play_from: v.vod_play_from.split('$$$').join(','),
  });

  const envelope = (pg: number, size: number, total: number, list: unknown[]) => ({
    code: 1,
    msg: '数据列表',
    page: String(pg),
    pagecount: String(Math.ceil(total / size)),
    limit: String(size),
    total: String(total),
    list,
  });

  /** Videos changed within the last h hours (h=), as MacCMS filters by vod_time. */
  const changed = (url: URL) => {
    const h = Number(url.searchParams.get('h') || '0');
    if (!h) return site.videos;
    const since = Date.now() - h * 3_600_000;
    return site.videos.filter((v) => Date.parse(`${v.vod_time.replace(' ', 'T')}+08:00`) >= since);
  };

  function handle(req: IncomingMessage, res: ServerResponse): void {
    site.requests.push(req.url ?? '');
    if (site.latencyMs > 0) {
      setTimeout(() => answer(req, res), site.latencyMs);
      return;
    }
    answer(req, res);
  }

  function answer(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/closed/api.php/provide/vod/') return send(res, 200, 'closed');
    if (url.pathname === '/broken/api.php/provide/vod/') return send(res, 200, ERROR_PAGE);
    if (url.pathname !== '/api.php/provide/vod/') return send(res, 404, ERROR_PAGE);
    const pg = Number(url.searchParams.get('pg') || '1');
    const ac = url.searchParams.get('ac') ?? 'list';
    if (ac === 'list' || ac === 'videolist') {
      if (site.hangListPages.has(pg)) return;
      if (site.failListPages.has(pg)) return send(res, 500, ERROR_PAGE);
      if (site.throttle && site.throttle.count > 0) {
        site.throttle.count--;
        res.writeHead(429, { 'content-type': 'text/html; charset=utf-8', 'retry-after': site.throttle.retryAfter });
        return void res.end('Too Many Requests');
      }
      site.beforePage?.(pg);
      const all = changed(url);
      const items = all.slice((pg - 1) * site.pageSize, pg * site.pageSize);
      if (ac === 'videolist') {
        if (site.videolist === 'unsupported') return send(res, 200, JSON.stringify(envelope(pg, site.pageSize, 0, [])));
        const list = site.videolist === 'full' ? items : items.map(({ vod_play_url: _url, ...rest }) => rest);
        return send(res, 200, JSON.stringify(envelope(pg, site.pageSize, all.length, list)));
      }
      const body = { ...envelope(pg, site.pageSize, all.length, items.map(shortItem)), ...(site.withClass ? { class: site.classes } : {}) };
      return send(res, 200, JSON.stringify(body));
    }
    const ids = (url.searchParams.get('ids') ?? '').split(',');
    if (ids.some((id) => site.failDetailIds.has(id))) return send(res, 500, ERROR_PAGE);
    const size = Math.min(Number(url.searchParams.get('pagesize') || site.pageSize), 100);
    const found = site.videos.filter((v) => ids.includes(v.vod_id));
    return send(res, 200, JSON.stringify(envelope(pg, size, found.length, found.slice((pg - 1) * size, pg * size))));
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return Object.assign(site, {
    origin,
    endpoint: `${origin}/api.php/provide/vod/`,
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
