// The feed store, as the page and the shell use it (STYLE.md 9: valtio state
// + module-level actions). The state and its small actions are in
// feed-state.ts; loading and moving along the list in feed-list.ts; the
// play-source selector in feed-category-filter.ts; random play in feed-random.ts.

export {
  configureFeed,
  feedState,
  noteActivity,
  notePlaying,
  noteProgressBarUse,
  restoreFromAddress,
  setMuted,
  setPausedManually,
} from './feed-state';
export { initFeed, mayMoveOn, nextVideo, prevVideo, type FeedEntry } from './feed-list';
export { closeSourceSelector, openSourceSelector, selectSource } from './feed-category-filter';
export { pauseFeed, resumeFeed, retryRandomPlay, toggleRandomPlay } from './feed-random';
