// An in-memory catalogue client for the feed's pure modules: pages of
// videos like a MacCMS server's (ac=list items without play URLs), with
// failures that tests switch on and a log of the calls made.

import type { CatalogueClient, CatalogueError, CatalogueVideo, VodPage } from '../../src/api/catalogue';

export function video(id: number, more: Partial<CatalogueVideo> = {}): CatalogueVideo {
  return {
    vod_id: id,
    vod_name: `Video ${id}`,
    vod_name_pt: '',
    vod_name_en: '',
    vod_name_ja: '',
    vod_name_ko: '',
    vod_pic: `https://img.example.com/${id}.jpg`,
    vod_play_url: `Line 1$https://cdn.example.com/${id}/index.m3u8`,
    vod_play_from: 'demo',
    vod_remarks: '',
    vod_area: '',
    vod_year: '',
    vod_content: '',
    vod_director: '',
    vod_actor: '',
    type_id: 1,
    type_name: 'Docs',
    vod_duration: undefined,
    m3u8_url: '',
    short_m3u8_url: '',
    shortVideoId: undefined,
    ...more,
  };
}

export const failure = (message = 'HTTP 500: boom'): CatalogueError => ({ code: 'HTTP', message, retryable: true, status: 500, key: 'feed:errors.listFailed' });

export interface FakeCatalogue extends Pick<CatalogueClient, 'list' | 'detail' | 'categories'> {
  calls: string[];
  /** Number of upcoming list calls that fail. */
  failLists: number;
  /** Pages that fail every time. */
  failPages: Set<number>;
}

/** `total` videos with ids 1..total, `pageSize` per page; list items carry no play URL (detail does). */
export function fakeCatalogue(total: number, pageSize = 20, byType: Record<number, number[]> = {}): FakeCatalogue {
  const all = Array.from({ length: total }, (_, i) => video(i + 1));
  const fake: FakeCatalogue = {
    calls: [],
    failLists: 0,
    failPages: new Set(),
    async list(q) {
      fake.calls.push(`list:${q.page}${q.typeId !== undefined ? `:t${q.typeId}` : ''}`);
      if (fake.failLists > 0 || fake.failPages.has(q.page)) {
        fake.failLists = Math.max(0, fake.failLists - 1);
        return { ok: false, error: failure() };
      }
      const pool = q.typeId !== undefined ? all.filter((v) => (byType[q.typeId as number] ?? []).includes(v.vod_id)) : all;
      const pagecount = Math.max(1, Math.ceil(pool.length / pageSize));
      const list = pool.slice((q.page - 1) * pageSize, q.page * pageSize).map((v) => ({ ...v, vod_play_url: '' }));
      const page: VodPage = { page: q.page, pagecount, total: pool.length, limit: pageSize, list };
      return { ok: true, value: page };
    },
    async detail(ids) {
      fake.calls.push(`detail:${ids.join(',')}`);
      return { ok: true, value: all.filter((v) => ids.includes(v.vod_id)) };
    },
    async categories() {
      fake.calls.push('categories');
      return { ok: true, value: [{ type_id: 1, type_name: 'Docs', type_en: '', type_names: {}, type_sort: 1, type_mid: 1, type_pid: 0 }] };
    },
  };
  return fake;
}
