// The in-app history stack (spec 1 §2): each browser history entry the app
// created has a key stored in history.state, so a popstate can tell how far
// back the user went. Over 10 entries it is trimmed to the last 5.

import { routerConfig } from './config';
import type { Route } from './route-params';

export interface HistoryEntry {
  key: number;
  route: Route;
}

export type HistoryStack = readonly HistoryEntry[];

/** Keep the most recent entries once the stack grows past the limit. */
export function trimStack(stack: HistoryStack): HistoryStack {
  return stack.length > routerConfig.historyLimit ? stack.slice(-routerConfig.historyTrimTo) : stack;
}

export function pushEntry(stack: HistoryStack, entry: HistoryEntry): HistoryStack {
  return trimStack([...stack, entry]);
}

/** Replace the top entry (or start the stack with it). */
export function replaceEntry(stack: HistoryStack, entry: HistoryEntry): HistoryStack {
  return stack.length === 0 ? [entry] : [...stack.slice(0, -1), entry];
}

/**
 * The stack after the browser moved to an entry (popstate). Keys grow with
 * every push, so the entries older than it are the ones with smaller keys:
 * Back cuts the stack to it, Forward (or an entry trimmed away earlier) lands
 * on top of the older ones.
 */
export function moveToEntry(stack: HistoryStack, entry: HistoryEntry): { stack: HistoryStack; back: boolean } {
  const top = stack[stack.length - 1];
  return { stack: trimStack([...stack.filter((e) => e.key < entry.key), entry]), back: top !== undefined && entry.key < top.key };
}
