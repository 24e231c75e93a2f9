// The play-source selector's actions (spec 3 §2): open, load the catalogue's
// categories, switch the feed to one (ac=list&t=) or back to all.

import { categoryErrorKey, selectionAction, sourceLabel, sourcesFromCategories, SourceMessage, type PlaySource } from './category-filter';
import { requestTimeoutMs } from '../api/request-timeout';
import { feedState, held, newLoader, randomOn, rt, syncLoader } from './feed-state';
import { stopRandom } from './feed-random';
import { playSourceConfig } from './config';
import { i18n } from '../i18n';
import { shownLanguage } from '../i18n/localized-text';

export async function openSourceSelector(): Promise<void> {
  feedState.sourceSelector.open = true;
  // The categories are kept 5 min (spec 1 §9), then read again when the selector opens.
  const stale = rt.deps.now() - rt.categoriesLoadedAt >= playSourceConfig.categoriesTtlMs;
  if (feedState.categories.length === 0 || stale) await loadSources();
}

export function closeSourceSelector(): void {
  feedState.sourceSelector.open = false;
}

export async function loadSources(): Promise<void> {
  feedState.sourceSelector.loading = true;
  feedState.sourceSelector.errorKey = null;
  const r = await rt.deps.catalogue.categories({ timeoutMs: requestTimeoutMs() });
  feedState.sourceSelector.loading = false;
  if (r.ok) {
    feedState.categories = sourcesFromCategories(r.value);
    rt.categoriesLoadedAt = rt.deps.now();
  }
  else feedState.sourceSelector.errorKey = categoryErrorKey(r.error);
}

/** Switches the feed to a category (ac=list&t=) or back to all; the current one only closes the selector. */
export async function selectSource(source: PlaySource): Promise<void> {
  if (selectionAction(feedState.playSource, source) === 'close') return closeSourceSelector();
  if (feedState.sourceSelector.switching) return;
  feedState.sourceSelector.switching = true;
  const next = newLoader(source);
  const batch = await next.loadBatch();
  feedState.sourceSelector.switching = false;
  if (!batch.ok || batch.items.length === 0) {
    rt.deps.notify(SourceMessage.switchSourceFailed, {}, 'error');
    return;
  }
  if (randomOn()) stopRandom();
  rt.loader = next;
  syncLoader();
  feedState.playSource = { ...source };
  feedState.items = held(batch.items);
  feedState.currentIndex = 0;
  feedState.adsPlacedFor = [];
  feedState.errorKey = null;
  feedState.sourceSelector.open = false;
  const label = sourceLabel(source, shownLanguage(i18n));
  if ('text' in label) rt.deps.notify(SourceMessage.switched, { name: label.text }, 'success');
  else rt.deps.notify(label.key === SourceMessage.all ? SourceMessage.switchedAll : SourceMessage.switchedUnknown, {}, 'success');
}
