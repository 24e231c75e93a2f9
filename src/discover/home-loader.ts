// The Discover home (spec 2 §2.3, §7, §8, §9): the categories, then each
// one's preview row, loaded in platform-sized batches; reused for 5 minutes.
// The hot row loads beside them; the recommended row once the first 5
// categories' previews are in (it mixes those pages: home-rows.ts). The
// first screen's posters are preloaded first, the other rows' after them.

import { catalogueServiceConfig } from './catalogue/config';
import { batchPlan, loadInBatches } from './batch-loader';
import { discoverConfig } from './config';
import { clearsOnFailure, d, tickets } from './discover-deps';
import { DATA_LOAD_FAILED, discoverState, type SectionState } from './discover-state';
import { sectionOnFirstScreen } from './first-screen';
import { loadHotRow, loadRecommendedRow } from './home-rows';

/**
 * The first screen's posters are preloaded at once; `shown` resolves once all `sections` of it have theirs in and
 * painted. The other rows' preloads wait for it: on a slow link they would share it with the first screen's (issue 17).
 */
function firstScreenPosters(sections: number): { add: (posters: readonly (string | undefined)[]) => void; shown: Promise<void> } {
  const loads: Promise<void>[] = [];
  let show!: () => void;
  const shown = new Promise<void>((resolve) => (show = resolve));
  const settle = () => void Promise.all(loads).then(() => d().afterPaint()).then(show);
  if (sections === 0) settle();
  return {
    add(posters) {
      loads.push(d().preloader.preload(posters));
      if (loads.length === sections) settle();
    },
    shown,
  };
}

/** Categories and their preview rows; skipped while loading or fresh (5 min), unless forced. */
export async function loadHome(options: { force?: boolean } = {}): Promise<void> {
  const home = discoverState.home;
  const { force = false } = options;
  if (!force && home.status === 'loading') return;
  if (!force && home.status === 'ready' && d().now() - home.loadedAt < discoverConfig.homeCacheMs) return;
  const ticket = ++tickets.home;
  home.status = 'loading';
  void loadHotRow(ticket);
  const r = await d().service.loadCategories();
  if (ticket !== tickets.home) return;
  if (!r.ok) {
    d().log(`categories: ${r.error.message}`);
    d().toast(DATA_LOAD_FAILED);
    if (clearsOnFailure()) {
      home.categories = [];
      home.sections = {};
    }
    // Without categories there is nothing to recommend from.
    if (home.recommended.videos.length === 0) home.recommended.status = 'error';
    home.status = 'error';
    return;
  }
  const previous = home.sections;
  home.categories = r.value;
  home.sections = Object.fromEntries(r.value.map((c) => [c.type_id, { status: 'loading', videos: previous[c.type_id]?.videos ?? [] } satisfies SectionState]));
  home.status = 'ready';
  const mixed = r.value.slice(0, catalogueServiceConfig.recommendedCategories).map((c) => c.type_id);
  const firstScreen = firstScreenPosters(r.value.filter((_c, i) => sectionOnFirstScreen(i)).length);
  let recommendedAsked = false;
  const askRecommended = () => {
    if (recommendedAsked || mixed.some((id) => home.sections[id]?.status === 'loading')) return;
    recommendedAsked = true;
    void loadRecommendedRow(ticket);
  };
  await loadInBatches(
    r.value,
    async (category) => {
      const page = await d().service.loadCategoryVideos(category.type_id, 1, catalogueServiceConfig.previewSize);
      if (ticket !== tickets.home) return;
      const section = home.sections[category.type_id];
      if (!section) return;
      const posters = page.ok ? page.value.videos.slice(0, discoverConfig.preloadPerCategory).map((v) => v.vod_pic) : [];
      if (sectionOnFirstScreen(r.value.indexOf(category))) firstScreen.add(posters);
      else void firstScreen.shown.then(() => d().preloader.preload(posters));
      if (page.ok) {
        section.videos = page.value.videos.slice(0, catalogueServiceConfig.previewSize);
        section.status = 'ready';
      } else {
        d().log(`category ${category.type_id}: ${page.error.message}`);
        if (clearsOnFailure()) section.videos = [];
        section.status = 'error';
      }
      askRecommended();
    },
    batchPlan(d().platform()),
    { sleep: d().sleep, cancelled: () => ticket !== tickets.home },
  );
  if (ticket !== tickets.home) return;
  askRecommended();
  home.loadedAt = d().now();
}
