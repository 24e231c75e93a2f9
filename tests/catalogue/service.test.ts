// The cached catalogue operations of the browsing pages, through the real
// MacCMS client against an in-memory catalogue behind fetch: category
// filtering, search list + detail merge, page counts, cache lifetimes on a
// fake clock, failures as data, and hostile fields.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCatalogueClient } from '../../src/api/catalogue';
import { catalogueServiceConfig } from '../../src/discover/catalogue/config';
import {
  clearCatalogueCache,
  createCatalogueService,
  loadVideoDetail,
  VIDEO_NOT_FOUND,
  type CatalogueService,
} from '../../src/discover/catalogue/service';
import { clock, fakeVodServer, type FakeVideo, type FakeVodServer } from './fake-vod-server';

const v = (id: number, more: Partial<FakeVideo> = {}): FakeVideo => ({
  vod_id: id,
  vod_name: `Filme ${id}`,
  type_id: 1,
  vod_pic: `https://img.test/${id}.jpg`,
  vod_content: `Plot ${id}`,
  vod_remarks: 'HD 1080',
  ...more,
});

let server: FakeVodServer;
let time: ReturnType<typeof clock>;
let language: string;
let service: CatalogueService;

function make(): CatalogueService {
  return createCatalogueService({ client: createCatalogueClient(), language: () => language, now: time.now });
}

beforeEach(() => {
  server = fakeVodServer();
  vi.stubGlobal('fetch', server.fetch);
  time = clock();
  language = 'pt-BR';
  service = make();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const count = (pred: (u: URL) => boolean) => server.requests.filter(pred).length;
const isSearch = (u: URL) => u.searchParams.has('wd');

describe('categories', () => {
  it('keeps positive ids with a name and type_mid 1 or absent, sorted by id; the home gets at most 10', async () => {
    const valid = Array.from({ length: 12 }, (_, i) => ({ type_id: 30 - i, type_name: `Cat ${30 - i}`, type_mid: i % 2 ? 1 : undefined }));
    server.categories = {
      code: 1,
      info: {
        all_categories: [
          ...valid,
          { type_id: 0, type_name: 'Zero' },
          { type_id: -3, type_name: 'Negative' },
          { type_id: 'abc', type_name: 'Not a number' },
          { type_id: 40, type_name: '   ' },
          { type_id: 41, type_name: 'Articles', type_mid: 2 },
          { type_id: '5', type_name: 'String id', type_mid: '1' },
          'junk',
          null,
        ],
      },
    };
    const all = await service.loadAllCategories();
    expect(all.ok).toBe(true);
    if (!all.ok) return;
    expect(all.value.map((c) => c.type_id)).toEqual([5, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    const home = await service.loadCategories();
    expect(home.ok && home.value.map((c) => c.type_id)).toEqual([5, 19, 20, 21, 22, 23, 24, 25, 26, 27]);
    expect(home.ok && home.value.length).toBe(catalogueServiceConfig.homeCategories);
  });

  it('reads a successful answer without info from its list (spec 2 §5)', async () => {
    server.categories = { code: 1, list: [{ type_id: 2, type_name: 'B' }, { type_id: 1, type_name: 'A' }] };
    const r = await service.loadCategories();
    expect(r.ok && r.value.map((c) => c.type_name)).toEqual(['A', 'B']);
  });

  it('are cached for 5 minutes', async () => {
    server.categories = { code: 1, list: [{ type_id: 1, type_name: 'A' }] };
    await service.loadCategories();
    time.advance(catalogueServiceConfig.categoriesTtlMs - 1);
    await service.loadAllCategories();
    expect(server.requests).toHaveLength(1);
    time.advance(1);
    await service.loadCategories();
    expect(server.requests).toHaveLength(2);
  });
});

describe('search', () => {
  it('lists with wd, limit 20 and the interface language, then merges the details by vod_id in list order', async () => {
    server.videos = [v(1, { vod_name: 'Gato preto' }), v(2, { vod_name: 'Cão' }), v(3, { vod_name: 'Gato branco', vod_pic: 'https://img.test/list-3.jpg' })];
    // Detail answers lose a poster (blank) and add the plot: the list's poster must survive.
    server.detailOmits = ['vod_pic'];
    const r = await service.searchVideos('  Gato ');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.videos.map((x) => x.vod_id)).toEqual([1, 3]);
    expect(r.value.videos[1].vod_pic).toBe('https://img.test/list-3.jpg');
    expect(r.value.videos.map((x) => x.vod_content)).toEqual(['Plot 1', 'Plot 3']);
    const [list, detail] = server.requests;
    expect(list.searchParams.get('ac')).toBe('list');
    expect(list.searchParams.get('wd')).toBe('Gato');
    expect(list.searchParams.get('limit')).toBe('20');
    expect(list.searchParams.get('lang')).toBe('pt');
    expect(detail.searchParams.get('ac')).toBe('detail');
    expect(detail.searchParams.get('ids')).toBe('1,3');
    expect(detail.searchParams.get('lang')).toBe('pt');
  });

  it('page count is ceil(total / 20); the page asked for is sent', async () => {
    server.videos = Array.from({ length: 45 }, (_, i) => v(i + 1, { vod_name: `Gato ${i + 1}` }));
    const r = await service.searchVideos('Gato', 3);
    expect(r.ok && { total: r.value.total, pagecount: r.value.pagecount, page: r.value.page, n: r.value.videos.length }).toEqual({ total: 45, pagecount: 3, page: 3, n: 5 });
    expect(server.requests[0].searchParams.get('pg')).toBe('3');
  });

  it('zero results: empty list, page count 1, total 0, and no detail call', async () => {
    server.videos = [v(1)];
    const r = await service.searchVideos('nada');
    expect(r).toEqual({ ok: true, value: { videos: [], page: 1, pagecount: 1, total: 0 } });
    expect(count((u) => u.searchParams.get('ac') === 'detail')).toBe(0);
  });

  it('a blank query is no search and asks nothing', async () => {
    const r = await service.searchVideos('   ');
    expect(r.ok && r.value.videos).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('a failed detail call still gives the list items', async () => {
    server.videos = [v(1, { vod_name: 'Gato' })];
    const real = server.fetch;
    server.fetch = async (input, init) => (String(input).includes('ac=detail') ? new Response('no', { status: 502 }) : real(input, init));
    vi.stubGlobal('fetch', server.fetch);
    const r = await service.searchVideos('Gato');
    expect(r.ok && r.value.videos.map((x) => x.vod_name)).toEqual(['Gato']);
  });

  it('is cached for 1 minute, per language', async () => {
    server.videos = [v(1, { vod_name: 'Gato' })];
    await service.searchVideos('Gato');
    time.advance(catalogueServiceConfig.searchTtlMs - 1);
    await service.searchVideos('Gato');
    expect(count(isSearch)).toBe(1);
    language = 'zh';
    await service.searchVideos('Gato');
    expect(count(isSearch)).toBe(2);
    expect(server.requests.filter(isSearch)[1].searchParams.get('lang')).toBe('zh');
    language = 'pt-BR';
    time.advance(1);
    await service.searchVideos('Gato');
    expect(count(isSearch)).toBe(3);
  });
});

describe('category videos', () => {
  it('sends t, pg and limit and answers videos, total and pagecount', async () => {
    server.videos = Array.from({ length: 25 }, (_, i) => v(i + 1, { type_id: i < 23 ? 7 : 8 }));
    const r = await service.loadCategoryVideos(7, 2);
    expect(r.ok && { n: r.value.videos.length, total: r.value.total, pagecount: r.value.pagecount }).toEqual({ n: 3, total: 23, pagecount: 2 });
    const u = server.requests[0];
    expect([u.searchParams.get('t'), u.searchParams.get('pg'), u.searchParams.get('limit')]).toEqual(['7', '2', '20']);
  });

  it('a preview asks 6', async () => {
    server.videos = Array.from({ length: 10 }, (_, i) => v(i + 1));
    const r = await service.loadCategoryVideos(1, 1, catalogueServiceConfig.previewSize);
    expect(r.ok && r.value.videos.length).toBe(6);
    expect(server.requests[0].searchParams.get('limit')).toBe('6');
  });

  it('are cached for 2 minutes', async () => {
    server.videos = [v(1)];
    await service.loadCategoryVideos(1, 1);
    time.advance(catalogueServiceConfig.videosTtlMs - 1);
    await service.loadCategoryVideos(1, 1);
    expect(server.requests).toHaveLength(1);
    time.advance(1);
    await service.loadCategoryVideos(1, 1);
    expect(server.requests).toHaveLength(2);
  });

  it('an invalid category id asks nothing', async () => {
    const r = await service.loadCategoryVideos(0, 1);
    expect(r.ok && r.value.total).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});

describe('failures are data, never thrown, never cached', () => {
  for (const kind of ['network', 'http500', 'notJson', 'apiError'] as const) {
    it(`${kind}`, async () => {
      server.videos = [v(1, { vod_name: 'Gato' })];
      server.failNext = { count: 1, kind };
      const r = await service.searchVideos('Gato');
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error).toMatchObject({ code: expect.any(String), message: expect.any(String), retryable: expect.any(Boolean) });
      // The failure is not kept: the next call asks again and succeeds.
      const again = await service.searchVideos('Gato');
      expect(again.ok).toBe(true);
    });
  }

  it('a failed category list and a failed categories call are errors too', async () => {
    server.failNext = { count: 2, kind: 'http500' };
    const a = await service.loadCategoryVideos(1, 1);
    const b = await service.loadCategories();
    expect(a.ok || b.ok).toBe(false);
    expect(!a.ok && a.error.message).toBe('HTTP 500: Internal Server Error');
  });
});

describe('hostile fields', () => {
  it('coerces string numbers, drops items without a valid id, keeps markup as inert text data', async () => {
    server.videos = [
      { vod_id: '7', vod_name: 'Gato <img src=x onerror=alert(1)>', type_id: '1', vod_pic: 'javascript:alert(1)' },
      { vod_id: 'x', vod_name: 'Gato sem id' },
      { vod_id: -1, vod_name: 'Gato negativo' },
      { vod_id: 8, vod_name: { text: 'Gato' }, vod_remarks: ['a'] },
    ];
    server.listOmits = [];
    const r = await service.searchVideos('Gato');
    // vod_name as an object does not match the fake's search; only the valid string item is found.
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.videos.map((x) => x.vod_id)).toEqual([7]);
    expect(r.value.videos[0].type_id).toBe(1);
    expect(typeof r.value.videos[0].vod_name).toBe('string');
  });
});

describe('video detail and related', () => {
  it('answers the video, or not-found; fresh asks again', async () => {
    server.videos = [v(5)];
    const a = await service.loadVideoDetail(5);
    expect(a.ok && a.value !== VIDEO_NOT_FOUND && a.value.vod_content).toBe('Plot 5');
    await service.loadVideoDetail(5);
    expect(server.requests).toHaveLength(1);
    await service.loadVideoDetail(5, { fresh: true });
    expect(server.requests).toHaveLength(2);
    const missing = await service.loadVideoDetail(99);
    expect(missing).toEqual({ ok: true, value: VIDEO_NOT_FOUND });
    expect(await service.loadVideoDetail(-1)).toEqual({ ok: true, value: VIDEO_NOT_FOUND });
  });

  it('related: 12 of the same category asked, the current one dropped, at most 8 kept', async () => {
    server.videos = Array.from({ length: 15 }, (_, i) => v(i + 1, { type_id: 3 }));
    const r = await service.loadRelated({ vod_id: 2, type_id: 3 });
    expect(r.ok && r.value.map((x) => x.vod_id)).toEqual([1, 3, 4, 5, 6, 7, 8, 9]);
    const u = server.requests[0];
    expect([u.searchParams.get('t'), u.searchParams.get('limit')]).toEqual(['3', '12']);
  });

  it('clearCatalogueCache drops every cached answer of the page service', async () => {
    server.videos = [v(5)];
    const details = () => server.requests.filter((u) => u.searchParams.get('ac') === 'detail');
    clearCatalogueCache();
    await loadVideoDetail(5);
    await loadVideoDetail(5);
    expect(details()).toHaveLength(1);
    clearCatalogueCache();
    await loadVideoDetail(5);
    expect(details()).toHaveLength(2);
  });
});
