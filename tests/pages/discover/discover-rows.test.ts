// The Discover home's recommended and hot rows (spec 2 §7) and the search
// box's suggestions (debounce, cancellation, keyboard, choice), with the
// catalogue service, address and timers faked.

import { beforeEach, describe, expect, it } from 'vitest';
import type { CatalogueVideo, Category } from '../../../src/api/catalogue-schemas';
import type { CatalogueError } from '../../../src/api/catalogue';
import type { Suggestion } from '../../../src/api/catalogue-suggest';
import type { ApiResult } from '../../../src/api/http';
import { discoverConfig } from '../../../src/discover/config';
import { configureDiscover, type DiscoverDeps } from '../../../src/discover/discover-deps';
import { discoverState } from '../../../src/discover/discover-state';
import { loadHome } from '../../../src/discover/home-loader';
import { chooseSuggestion, closeSuggestions, moveActive, suggestFor, suggestionsState } from '../../../src/discover/suggestions';

const video = (id: number) => ({ vod_id: id, vod_name: `V${id}`, vod_pic: '', type_id: 1 }) as CatalogueVideo;
const failure: CatalogueError = { code: 'HTTP', message: 'HTTP 500: boom', retryable: true, key: 'feed:errors.listFailed' };

interface Harness {
  events: string[];
  failHot: boolean;
  suggestAnswers: Map<string, ApiResult<Suggestion[]>>;
  suggestCalls: { text: string; signal?: AbortSignal }[];
  /** Pending timers: [fn, ms]. */
  timers: Map<number, { fn: () => void; ms: number }>;
  searches: string[];
  /** Suggestion answers wait for release() while set. */
  hold: { release: () => void } | null;
}

function setup(categoryCount = 7): Harness {
  const h: Harness = { events: [], failHot: false, suggestAnswers: new Map(), suggestCalls: [], timers: new Map(), searches: [], hold: null };
  let nextTimer = 1;
  const categories = Array.from({ length: categoryCount }, (_, i) => ({ type_id: i + 1, type_name: `C${i + 1}` }) as Category);
  const service: DiscoverDeps['service'] = {
    loadCategories: async () => ({ ok: true, value: categories }),
    loadAllCategories: async () => ({ ok: true, value: categories }),
    async loadCategoryVideos(typeId) {
      h.events.push(`category ${typeId}`);
      return { ok: true, value: { videos: [video(typeId * 10)], page: 1, pagecount: 1, total: 1 } };
    },
    async searchVideos(query) {
      h.searches.push(query);
      return { ok: true, value: { videos: [], page: 1, pagecount: 1, total: 0 } };
    },
    async loadHotVideos() {
      h.events.push('hot');
      return h.failHot ? { ok: false, error: failure } : { ok: true, value: [video(900)] };
    },
    async loadRecommended() {
      h.events.push('recommended');
      return { ok: true, value: [video(20), video(10)] };
    },
    async loadSuggestions(text, signal) {
      h.suggestCalls.push({ text, signal });
      if (h.hold) await new Promise<void>((resolve) => (h.hold = { release: resolve }));
      return h.suggestAnswers.get(text) ?? { ok: true, value: [] };
    },
  };
  configureDiscover({
    service,
    navigation: { currentPage: () => 'discover', replace: () => undefined, open: () => undefined },
    platform: () => 'mobile',
    sleep: async () => undefined,
    timers: {
      setTimeout: (fn, ms) => {
        const id = nextTimer++;
        h.timers.set(id, { fn, ms });
        return id;
      },
      clearTimeout: (id) => void h.timers.delete(id as number),
    },
    now: () => 0,
    session: () => null,
    toast: () => undefined,
    log: () => undefined,
    preloader: { preload: async () => undefined, isLoaded: () => false, size: 0 },
  });
  closeSuggestions();
  Object.assign(suggestionsState, { text: '', items: [], open: false, active: -1 });
  return h;
}

/** Runs every pending timer; returns their delays. */
async function runTimers(h: Harness): Promise<number[]> {
  const due = [...h.timers.entries()];
  h.timers.clear();
  for (const [, t] of due) t.fn();
  await new Promise((r) => setTimeout(r, 0));
  return due.map(([, t]) => t.ms);
}

let h: Harness;
beforeEach(() => {
  h = setup();
});

describe('home rows', () => {
  it('hot loads beside the categories; recommended once the first 5 previews are in, before the rest', async () => {
    await loadHome();
    expect(h.events[0]).toBe('hot');
    // Mobile batches of 3: categories 1-3, then 4-6 (5 is in it), then 7.
    const recommendedAt = h.events.indexOf('recommended');
    expect(h.events.slice(1, recommendedAt)).toEqual(['category 1', 'category 2', 'category 3', 'category 4', 'category 5', 'category 6']);
    expect(h.events.slice(recommendedAt + 1)).toEqual(['category 7']);
    expect(discoverState.home.recommended).toMatchObject({ status: 'ready', videos: [video(20), video(10)] });
    expect(discoverState.home.hot).toMatchObject({ status: 'ready', videos: [video(900)] });
  });

  it('with fewer than 5 categories, recommended comes after them all', async () => {
    h = setup(2);
    await loadHome();
    expect(h.events.filter((e) => e !== 'hot')).toEqual(['category 1', 'category 2', 'recommended']);
  });

  it('a failed hot row is hidden (no videos, error), the home is unaffected', async () => {
    h.failHot = true;
    await loadHome();
    expect(discoverState.home.hot).toEqual({ status: 'error', videos: [] });
    expect(discoverState.home.status).toBe('ready');
  });
});

describe('suggestions', () => {
  const answer = (text: string, names: string[]) => h.suggestAnswers.set(text, { ok: true, value: names.map((name, i) => ({ id: i + 1, name })) });

  it('asks once, after the debounce pause, for the last text typed', async () => {
    answer('cid', ['Cidade de Deus', 'Cidade Alta']);
    suggestFor('c');
    suggestFor('ci');
    suggestFor(' cid ');
    expect(h.timers.size).toBe(1);
    expect(await runTimers(h)).toEqual([discoverConfig.suggestDebounceMs]);
    expect(h.suggestCalls.map((c) => c.text)).toEqual(['cid']);
    expect(suggestionsState).toMatchObject({ open: true, active: -1, text: 'cid' });
    expect(suggestionsState.items.map((i) => i.name)).toEqual(['Cidade de Deus', 'Cidade Alta']);
  });

  it('typing on cancels the request in flight and its late answer is dropped', async () => {
    answer('ab', ['Abacate']);
    answer('abc', ['Abc']);
    h.hold = { release: () => undefined };
    suggestFor('ab');
    await runTimers(h);
    const late = h.hold;
    const first = h.suggestCalls[0];
    suggestFor('abc');
    expect(first.signal?.aborted).toBe(true);
    h.hold = null;
    await runTimers(h);
    late.release();
    await new Promise((r) => setTimeout(r, 0));
    expect(suggestionsState.items.map((i) => i.name)).toEqual(['Abc']);
  });

  it('blank or over-long text asks nothing and closes the list', async () => {
    answer('x', ['X']);
    suggestFor('x');
    await runTimers(h);
    expect(suggestionsState.open).toBe(true);
    suggestFor('   ');
    expect(suggestionsState.open).toBe(false);
    suggestFor('y'.repeat(discoverConfig.suggestMaxLength + 1));
    expect(h.timers.size).toBe(0);
    expect(h.suggestCalls).toHaveLength(1);
  });

  it('no answer or a failure shows nothing', async () => {
    h.suggestAnswers.set('zz', { ok: false, error: { code: 'HTTP', message: 'HTTP 429: Too Many Requests', retryable: true, status: 429 } });
    suggestFor('zz');
    await runTimers(h);
    expect(suggestionsState).toMatchObject({ open: false, items: [] });
  });

  it('arrow keys move through the items and back to none; choosing searches the title', async () => {
    answer('ca', ['Cafe', 'Casa', 'Carro']);
    suggestFor('ca');
    await runTimers(h);
    moveActive(1);
    expect(suggestionsState.active).toBe(0);
    moveActive(1);
    moveActive(1);
    expect(suggestionsState.active).toBe(2);
    moveActive(1);
    expect(suggestionsState.active).toBe(-1);
    moveActive(-1);
    expect(suggestionsState.active).toBe(2);
    moveActive(-1);
    await chooseSuggestion(suggestionsState.active);
    expect(h.searches).toEqual(['Casa']);
    expect(discoverState.input).toBe('Casa');
    expect(suggestionsState.open).toBe(false);
  });

  it('a title with markup is searched as its text', async () => {
    answer('bo', ['<b>Bold</b> &amp; Co']);
    suggestFor('bo');
    await runTimers(h);
    await chooseSuggestion(0);
    expect(h.searches).toEqual(['Bold & Co']);
  });
});
