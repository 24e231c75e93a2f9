// A Discover category listing (spec 2 §2.3, §8): one page of a category's
// videos and the category itself (its name for the header). A page past the
// last one goes through `redirect` (route-sync.ts's showTarget, passed in
// because route sync calls this).

import { catalogueServiceConfig } from './catalogue/config';
import { d, tickets } from './discover-deps';
import type { DiscoverTarget } from './discover-route';
import { DATA_LOAD_FAILED, discoverState } from './discover-state';

export async function runCategory(categoryId: number, page: number, force: boolean, redirect: (target: DiscoverTarget) => Promise<void>): Promise<void> {
  const c = discoverState.category;
  if (!force && c.categoryId === categoryId && c.page === page && (c.status === 'loading' || c.status === 'ready')) return;
  const ticket = ++tickets.category;
  const sameCategory = c.categoryId === categoryId;
  Object.assign(c, { categoryId, page, status: 'loading', videos: [], category: sameCategory ? c.category : null });
  const [categories, r] = await Promise.all([
    d().service.loadAllCategories(),
    d().service.loadCategoryVideos(categoryId, page, catalogueServiceConfig.categoryPageSize),
  ]);
  if (ticket !== tickets.category) return;
  if (categories.ok) c.category = categories.value.find((x) => x.type_id === categoryId) ?? null;
  if (!r.ok) {
    d().log(`category ${categoryId}: ${r.error.message}`);
    Object.assign(c, { status: 'error', videos: [], page: 1, pagecount: 1, total: 0 });
    d().toast(DATA_LOAD_FAILED);
    return;
  }
  const { videos, pagecount, total } = r.value;
  if (videos.length === 0 && total > 0 && page > pagecount) {
    await redirect({ view: 'category', categoryId, page: pagecount });
    return;
  }
  Object.assign(c, { status: 'ready', videos, pagecount, total });
}
