// A MacCMS catalogue in memory behind a fetch function: answers ac=list (t, wd,
// pg, limit), ac=detail (ids) and get_all_categories the way the real server
// does, logs every request, and fails on demand.

export interface FakeVideo {
  vod_id: unknown;
  vod_name: unknown;
  type_id?: unknown;
  vod_pic?: unknown;
  vod_content?: unknown;
  [key: string]: unknown;
}

export interface FakeVodServer {
  fetch: typeof fetch;
  requests: URL[];
  videos: FakeVideo[];
  categories: unknown;
  /** The next n requests fail with this (consumed one per request). */
  failNext: { count: number; kind: 'http500' | 'network' | 'notJson' | 'apiError' };
  /** Fields ac=list leaves out (MacCMS list items are short). */
  listOmits: string[];
  /** Fields ac=detail leaves out. */
  detailOmits: string[];
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, statusText: status === 200 ? 'OK' : 'Internal Server Error', headers: { 'content-type': 'application/json' } });
}

function omit(v: FakeVideo, keys: readonly string[]): FakeVideo {
  const out = { ...v };
  for (const k of keys) delete out[k];
  return out;
}

export function fakeVodServer(videos: FakeVideo[] = [], categories: unknown = { code: 1, msg: 'ok', info: { all_categories: [] } }): FakeVodServer {
  const server: FakeVodServer = {
    requests: [],
    videos,
    categories,
    failNext: { count: 0, kind: 'http500' },
    listOmits: ['vod_content'],
    detailOmits: [],
    fetch: async (input) => {
      const url = new URL(String(input), 'http://cat.test');
      server.requests.push(url);
      if (server.failNext.count > 0) {
        server.failNext.count--;
        switch (server.failNext.kind) {
          case 'network':
            throw new TypeError('fetch failed');
          case 'http500':
            return json({ msg: 'boom' }, 500);
          case 'notJson':
            return new Response('<html>oops</html>', { status: 200 });
          case 'apiError':
            return json({ code: 0, msg: 'database down', list: [] });
        }
      }
      if (url.pathname === '/api.php/type/get_all_categories') return json(server.categories);
      const p = url.searchParams;
      if (p.get('ac') === 'detail') {
        const ids = (p.get('ids') ?? '').split(',').map(Number);
        const list = server.videos.filter((v) => ids.includes(Number(v.vod_id))).map((v) => omit(v, server.detailOmits));
        return json({ code: 1, msg: 'ok', page: 1, pagecount: 1, limit: list.length, total: list.length, list });
      }
      const page = Number(p.get('pg') ?? 1);
      const limit = Number(p.get('limit') ?? 20);
      const wd = p.get('wd');
      const t = p.get('t');
      const pool = server.videos.filter((v) => (t === null || String(v.type_id) === t) && (wd === null || String(v.vod_name).includes(wd)));
      const list = pool.slice((page - 1) * limit, page * limit).map((v) => omit(v, server.listOmits));
      return json({ code: 1, msg: 'ok', page, pagecount: Math.max(1, Math.ceil(pool.length / limit)), limit, total: pool.length, list });
    },
  };
  return server;
}

export function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}
