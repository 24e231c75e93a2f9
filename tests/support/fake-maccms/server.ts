// A fake MacCMS v10 source on loopback (node:http) for import tests and the
// import benchmark. It serves /api.php/provide/vod/ with ac=list|videolist|
// detail, pg, pagesize, ids, h, t and at=xml as Provide.php does (newest
// first, a page past the end answers an empty list), N pages of generated
// videos (catalogue.ts), a latency per answer, and switches for the quirks
// real sources have. Every request is logged (log.ts) so tests can assert
// what the import fetched. Settings may be changed while it runs.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeCatalogue, type Item, type Quirks } from './catalogue';
import { RequestLog, type LoggedRequest } from './log';
import { renderJson, renderXml } from './render';

export interface Fault {
  ac: 'list' | 'detail';
  /** The page asked for (pg), or for ac=detail with ids, the page whose first video the ids name; any when absent. */
  page?: number;
  status: 429 | 500 | 502 | 503;
  /** Requests answered with the fault before the real answer. */
  times: number;
  /** The Retry-After header's value, as sent. */
  retryAfter?: string;
}

/** A change to the site once it has answered n page requests (list or videolist pages, not ids): videos added at the top (new ones) or the oldest removed. */
export interface SiteChange {
  afterPageRequests: number;
  prepend?: number;
  remove?: number;
}

export interface FakeSourceOptions {
  /** Pages of pageSize videos the site starts with. */
  pages?: number;
  /** Or an exact number of videos (a last page partly filled). */
  videos?: number;
  pageSize?: number;
  latencyMs?: number;
  quirks?: Partial<Quirks>;
}

export interface FakeSettings {
  latencyMs: number;
  /** JSON answers' Content-Type: MacCMS sites often send text/html. */
  jsonType: 'application/json' | 'text/html';
  /** 'xml-always': every answer is XML; 'error-for-json': a request without at=xml gets an HTML error page. */
  xmlOnly: false | 'xml-always' | 'error-for-json';
  /** Page p > 1 starts with the last video of page p-1 (the window slid by one, as when a video moves up between requests). */
  duplicateAcrossPages: boolean;
  change: SiteChange | null;
  faults: Fault[];
}

export interface FakeSource {
  origin: string;
  /** origin + /api.php/provide/vod/ */
  endpoint: string;
  /** URL.host: the importer's source keys start with it. */
  host: string;
  catalogue: FakeCatalogue;
  settings: FakeSettings;
  log: RequestLog;
  /** The vod_ids page pg answers with now. */
  listPageIds(pg: number): number[];
  /** The detail requests for page pg's videos: ac=videolist&pg, or ac=detail&ids naming its first video. */
  pageFetches(pg: number): LoggedRequest[];
  close(): Promise<void>;
}

const LIST_PATH = '/api.php/provide/vod/';
const MAX_PAGE_SIZE = 100;
const ERROR_PAGE = '<!DOCTYPE html><html><head><meta charset="UTF-8"><title>系统发生错误</title></head><body><h1>页面错误！请稍后再试～</h1></body></html>';

interface Selection {
  count: number;
  serial(i: number): number | null;
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return value !== null && Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

export async function startFakeSource(options: FakeSourceOptions = {}): Promise<FakeSource> {
  const pageSize = options.pageSize ?? 20;
  const quirks: Quirks = { numbersAsStrings: false, htmlInFields: false, webRouteFirst: false, ...options.quirks };
  const catalogue = new FakeCatalogue(options.videos ?? (options.pages ?? 3) * pageSize, quirks);
  const settings: FakeSettings = { latencyMs: options.latencyMs ?? 0, jsonType: 'application/json', xmlOnly: false, duplicateAcrossPages: false, change: null, faults: [] };
  const log = new RequestLog();

  /** What the query selects, newest first, before paging. */
  function select(url: URL): Selection {
    const all: Selection = { count: catalogue.size, serial: (i) => catalogue.serialAt(i) };
    const ids = url.searchParams.get('ids');
    const t = Number(url.searchParams.get('t') || 0);
    const h = Number(url.searchParams.get('h') || 0);
    let serials: number[] | null = null;
    if (ids) serials = [...new Set(ids.split(',').map((id) => catalogue.serialOf(Number(id))).filter((s): s is number => s !== null))].sort((a, b) => b - a);
    if (t > 0) {
      const source = serials ?? Array.from({ length: all.count }, (_, i) => all.serial(i) as number);
      serials = source.filter((s) => (s % 2 === 1 ? [1, 6] : [2, 13]).includes(t));
    }
    if (h > 0) {
      const since = catalogue.now().getTime() - h * 3_600_000;
      const source = serials ?? Array.from({ length: all.count }, (_, i) => all.serial(i) as number);
      serials = source.filter((s) => FakeCatalogue.time(s).getTime() > since);
    }
    if (!serials) return all;
    const chosen = serials;
    return { count: chosen.length, serial: (i) => chosen[i] ?? null };
  }

  function pageSerials(sel: Selection, pg: number, size: number): number[] {
    const start = (pg - 1) * size - (settings.duplicateAcrossPages && pg > 1 ? 1 : 0);
    const out: number[] = [];
    for (let i = start; i < start + size; i++) {
      const s = sel.serial(i);
      if (s !== null) out.push(s);
    }
    return out;
  }

  /** The request is for page `page`: by pg, or by ids naming that page's first video. */
  function asksForPage(url: URL, pg: number, page: number): boolean {
    const ids = url.searchParams.get('ids');
    if (!ids) return pg === page;
    const first = catalogue.serialAt((page - 1) * pageSize);
    return first !== null && ids.split(',').includes(String(FakeCatalogue.vodId(first)));
  }

  function takeFault(ac: 'list' | 'detail', pg: number, url: URL): Fault | null {
    const fault = settings.faults.find((f) => f.ac === ac && f.times > 0 && (f.page === undefined || asksForPage(url, pg, f.page)));
    if (fault) fault.times--;
    return fault ?? null;
  }

  function answer(req: IncomingMessage): { status: number; type: string; body: string; headers?: Record<string, string>; entry: Omit<LoggedRequest, 'status' | 'at'> } {
    const url = new URL(req.url ?? '/', 'http://fake');
    const rawAc = url.searchParams.get('ac') ?? 'list';
    const ac: 'list' | 'detail' = rawAc === 'detail' || rawAc === 'videolist' ? 'detail' : 'list';
    const pg = positiveInt(url.searchParams.get('pg'), 1);
    const xml = url.searchParams.get('at') === 'xml';
    const entry = { path: req.url ?? '', ac, pg, ids: url.searchParams.get('ids'), xml };
    const html = (status: number, body: string) => ({ status, type: 'text/html; charset=utf-8', body, entry });
    if (url.pathname !== LIST_PATH) return html(404, ERROR_PAGE);
    const change = settings.change;
    if (change && !entry.ids && log.pageRequests() >= change.afterPageRequests) {
      catalogue.prepended += change.prepend ?? 0;
      catalogue.removed += change.remove ?? 0;
      settings.change = null;
    }
    const fault = takeFault(ac, pg, url);
    if (fault) return { ...html(fault.status, ERROR_PAGE), headers: fault.retryAfter === undefined ? undefined : { 'retry-after': fault.retryAfter } };
    if (settings.xmlOnly === 'error-for-json' && !xml) return html(200, ERROR_PAGE);

    const size = Math.min(positiveInt(url.searchParams.get('pagesize'), pageSize), MAX_PAGE_SIZE);
    const sel = select(url);
    const list: Item[] = pageSerials(sel, pg, size).map((s) => (ac === 'list' ? catalogue.listItem(s) : catalogue.detailItem(s)));
    const page = { ac, page: pg, pagecount: Math.ceil(sel.count / size), limit: size, total: sel.count, list, withClass: ac === 'list', numbersAsStrings: quirks.numbersAsStrings };
    if (xml || settings.xmlOnly === 'xml-always') return { status: 200, type: 'text/xml; charset=utf-8', body: renderXml(page), entry };
    return { status: 200, type: `${settings.jsonType}; charset=utf-8`, body: renderJson(page), entry };
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const a = answer(req);
    log.add({ ...a.entry, status: a.status, at: Date.now() });
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(a.status, { 'content-type': a.type, ...a.headers });
      res.end(a.body);
    };
    if (settings.latencyMs > 0) setTimeout(send, settings.latencyMs);
    else send();
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    endpoint: `${origin}${LIST_PATH}`,
    host: `127.0.0.1:${port}`,
    catalogue,
    settings,
    log,
    listPageIds: (pg) => pageSerials({ count: catalogue.size, serial: (i) => catalogue.serialAt(i) }, pg, pageSize).map(FakeCatalogue.vodId),
    pageFetches: (pg) => log.entries.filter((e) => e.ac === 'detail' && asksForPage(new URL(e.path, origin), e.pg, pg)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
