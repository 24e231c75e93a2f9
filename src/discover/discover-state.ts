// The Discover page's state (STYLE.md 9: a valtio proxy): the sub-state
// (home, search, category), the home's categories and preview rows, the search
// results and the category listing (spec 2 §2.3, §4, §8). What fills it:
// home-loader.ts, search-loader.ts and category-loader.ts load, route-sync.ts
// follows the address, discover-actions.ts holds the user actions, and
// discover-deps.ts what they all run on.

import { proxy } from 'valtio';
import type { CatalogueVideo, Category } from '../api/catalogue-schemas';
import type { DiscoverTarget } from './discover-route';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface SectionState {
  status: LoadStatus;
  videos: CatalogueVideo[];
}

export interface VideoListState {
  status: LoadStatus;
  videos: CatalogueVideo[];
  page: number;
  pagecount: number;
  total: number;
}

export interface DiscoverState {
  target: DiscoverTarget;
  /** The search box text. */
  input: string;
  home: {
    status: LoadStatus;
    categories: Category[];
    sections: Record<number, SectionState>;
    loadedAt: number;
    /** The first 5 categories' first 6 videos, shuffled (spec 2 §7 recommended). */
    recommended: SectionState;
    /** Updated in the last 24 hours (spec 2 §7 hot). */
    hot: SectionState;
  };
  search: VideoListState & { query: string };
  category: VideoListState & { categoryId: number; category: Category | null };
  showFirstTip: boolean;
}

/** The toast of a failed search or category load (spec 2 §8). */
export const DATA_LOAD_FAILED = 'discover:errors.dataLoadFailed';

export const emptyList = (): VideoListState => ({ status: 'idle', videos: [], page: 1, pagecount: 1, total: 0 });

export const initialDiscoverState = (): DiscoverState => ({
  target: { view: 'home' },
  input: '',
  home: { status: 'idle', categories: [], sections: {}, loadedAt: 0, recommended: { status: 'idle', videos: [] }, hot: { status: 'idle', videos: [] } },
  search: { ...emptyList(), query: '' },
  category: { ...emptyList(), categoryId: 0, category: null },
  showFirstTip: false,
});

export const discoverState = proxy<DiscoverState>(initialDiscoverState());
