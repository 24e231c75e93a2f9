// What the page reports (issue 15): a page view when the visitor reaches
// another history entry or another page, and a clip start when a feed clip
// starts playing. Nothing that names the visitor: the page name and a
// catalogue video id only (the server's rules: server/services/analytics/).

import type { Page } from '../router/pages';

export type AnalyticsEvent = { kind: 'page_view'; page: Page } | { kind: 'clip_start'; page: Page; videoId: number };

/** Where the app is: the top history entry's key and its page. */
export interface PagePlace {
  key: number;
  page: Page;
}

/**
 * A page view is a new place: a history entry (push, Back, Forward) or another
 * page in the same entry (a redirect). Parameter updates of the same page in
 * the same entry (the feed's i and t as it swipes) are not views.
 */
export function isNewPage(last: PagePlace | null, next: PagePlace): boolean {
  return last === null || last.key !== next.key || last.page !== next.page;
}
