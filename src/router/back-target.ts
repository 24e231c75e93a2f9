// Where Back goes when the in-app history is empty (a deep link or a reload),
// spec 1 §2 and spec 2 §2.1:
// - video pages: from=douyin -> the feed at i; otherwise the discover origin
//   state decides: q -> search, c -> category, from=discover -> discover home;
//   else i -> the feed at that video; else discover home;
// - search and category -> discover home; discover showing a search or a
//   category (q or c) -> discover home; discover home -> the feed;
// - navigation (promotion) -> the feed;
// - the feed has no Back target (null).

import type { Route } from './route-params';

export function backTarget(route: Route): Route | null {
  const p = route.params;
  switch (route.page) {
    case 'video-detail':
    case 'video-play': {
      if (p.from === 'douyin') return { page: 'douyin', params: p.i !== undefined ? { i: p.i } : {} };
      if (p.q !== undefined) return { page: 'search', params: withPage({ q: p.q }, p.pg) };
      if (p.c !== undefined) return { page: 'category', params: withPage({ c: p.c }, p.pg) };
      if (p.from === 'discover') return { page: 'discover', params: {} };
      if (p.i !== undefined) return { page: 'douyin', params: { i: p.i } };
      return { page: 'discover', params: {} };
    }
    case 'search':
    case 'category':
      return { page: 'discover', params: {} };
    case 'discover':
      return p.q !== undefined || p.c !== undefined ? { page: 'discover', params: {} } : { page: 'douyin', params: {} };
    case 'navigation':
      return { page: 'douyin', params: {} };
    case 'douyin':
      return null;
  }
}

function withPage<T extends object>(params: T, pg: number | undefined): T & { pg?: number } {
  return pg !== undefined ? { ...params, pg } : params;
}
