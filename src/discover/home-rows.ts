// The Discover home's two rows above and below the categories (spec 2 §7):
// recommended videos (the first 5 categories' first 6, shuffled: the pages
// the previews just loaded, so no further request) and hot videos (updated
// in the last 24 hours: one request). A failure hides the row and is logged;
// the categories are what the home is about.

import type { CatalogueResult } from '../api/catalogue';
import type { CatalogueVideo } from '../api/catalogue-schemas';
import { d, tickets } from './discover-deps';
import { discoverState, type SectionState } from './discover-state';

type Row = 'recommended' | 'hot';

async function fill(row: Row, ticket: number, load: () => Promise<CatalogueResult<CatalogueVideo[]>>): Promise<void> {
  const section: SectionState = discoverState.home[row];
  section.status = 'loading';
  const r = await load();
  if (ticket !== tickets.home) return;
  if (r.ok) {
    section.videos = r.value;
    section.status = 'ready';
  } else {
    d().log(`${row}: ${r.error.message}`);
    section.videos = [];
    section.status = 'error';
  }
}

export const loadHotRow = (ticket: number) => fill('hot', ticket, () => d().service.loadHotVideos());

export const loadRecommendedRow = (ticket: number) => fill('recommended', ticket, () => d().service.loadRecommended());
