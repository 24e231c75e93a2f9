// The hint a long press on the detail page's back button shows: where Back
// leads (spec 2 §2.4 "a press of 1 second on back shows a hint").

import type { Page } from '../../router/pages';

const HINTS: Readonly<Record<Page, string>> = {
  douyin: 'detail:backHint.douyin',
  discover: 'detail:backHint.discover',
  search: 'detail:backHint.search',
  category: 'detail:backHint.category',
  'video-detail': 'detail:backHint.videoDetail',
  'video-play': 'detail:backHint.videoPlay',
  navigation: 'detail:backHint.navigation',
};

export function backHintKey(destination: Page | null): string {
  return destination ? HINTS[destination] : HINTS.douyin;
}
