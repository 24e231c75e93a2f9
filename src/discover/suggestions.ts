// Suggestions under the search box (spec 2 §7 "Suggestions"): titles that
// start with what the visitor types, asked suggestDebounceMs after the last
// keystroke; typing on cancels the pending request. Arrow keys move through
// them, Enter or a tap searches for the chosen title, Escape closes them.
// A failed request shows nothing: suggestions are a help, not a page.

import { proxy } from 'valtio';
import type { Suggestion } from '../api/catalogue-suggest';
import { discoverConfig } from './config';
import { submitSearch } from './discover-actions';
import { d } from './discover-deps';
import { discoverState } from './discover-state';
import { plainText } from '../lib/plain-text';

export interface SuggestionsState {
  /** The text the list answers. */
  text: string;
  items: Suggestion[];
  open: boolean;
  /** The highlighted item (-1: none; Enter then searches the typed text). */
  active: number;
}

export const suggestionsState = proxy<SuggestionsState>({ text: '', items: [], open: false, active: -1 });

let timer: unknown;
let inFlight: AbortController | null = null;

function cancelPending(): void {
  d().timers.clearTimeout(timer);
  timer = undefined;
  inFlight?.abort();
  inFlight = null;
}

export function closeSuggestions(): void {
  cancelPending();
  Object.assign(suggestionsState, { open: false, active: -1 });
}

/** The box's text changed (typing, or focus with text in it): ask again after the pause. */
export function suggestFor(text: string): void {
  cancelPending();
  const typed = text.trim();
  if (!typed || [...typed].length > discoverConfig.suggestMaxLength) {
    Object.assign(suggestionsState, { text: typed, items: [], open: false, active: -1 });
    return;
  }
  timer = d().timers.setTimeout(() => {
    timer = undefined;
    const controller = new AbortController();
    inFlight = controller;
    void d()
      .service.loadSuggestions(typed, controller.signal)
      .then((r) => {
        if (inFlight !== controller) return;
        inFlight = null;
        if (!r.ok) {
          d().log(`suggestions: ${r.error.message}`);
          Object.assign(suggestionsState, { text: typed, items: [], open: false, active: -1 });
          return;
        }
        Object.assign(suggestionsState, { text: typed, items: r.value, open: r.value.length > 0, active: -1 });
      });
  }, discoverConfig.suggestDebounceMs);
}

/** Arrow keys: the next (+1) or previous (-1) item, wrapping through "none". */
export function moveActive(step: 1 | -1): void {
  const n = suggestionsState.items.length;
  if (!suggestionsState.open || n === 0) return;
  const next = suggestionsState.active + step;
  suggestionsState.active = next >= n ? -1 : next < -1 ? n - 1 : next;
}

/** A tap or Enter on an item: the box takes its title and the search runs. */
export function chooseSuggestion(index: number): Promise<void> {
  const item = suggestionsState.items[index];
  closeSuggestions();
  // Catalogue text is text: markup in a title is not searched for.
  const title = item ? plainText(item.name).slice(0, discoverConfig.maxQueryLength) : '';
  if (!title) return Promise.resolve();
  discoverState.input = title;
  return submitSearch(title);
}
