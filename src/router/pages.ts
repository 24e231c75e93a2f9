// The pages of the single-page app (values of ?n=, spec 1 §2) and the query
// parameters each one may carry.

import { oneOf } from '../lib/one-of';

export const Page = {
  Douyin: 'douyin',
  Discover: 'discover',
  Search: 'search',
  Category: 'category',
  VideoDetail: 'video-detail',
  VideoPlay: 'video-play',
  Navigation: 'navigation',
} as const;
export type Page = (typeof Page)[keyof typeof Page];

export const PAGES: readonly Page[] = Object.values(Page);

export const isPage = oneOf(PAGES);

/** Origin pages a video page can name in ?from= (spec 1 §2). */
export const FromPage = {
  Discover: 'discover',
  Douyin: 'douyin',
  VideoDetail: 'video-detail',
} as const;
export type FromPage = (typeof FromPage)[keyof typeof FromPage];

export const ParamName = {
  I: 'i',
  T: 't',
  Mute: 'mute',
  Full: 'full',
  J: 'j',
  Q: 'q',
  C: 'c',
  Pg: 'pg',
  Vid: 'vid',
  From: 'from',
  Route: 'route',
  Episode: 'episode',
  Tab: 'tab',
} as const;
export type ParamName = (typeof ParamName)[keyof typeof ParamName];

/**
 * Parameters allowed per page, in address order. Beyond spec 1 §2's list:
 * video-detail also carries i (spec 2 §2.4 sets vid and i to the video id),
 * and both video pages carry the discover origin state q, c, pg (spec 2 §2.4
 * "fromPageState"), so Back and the discover restore still work after a reload.
 */
export const pageParams: Readonly<Record<Page, readonly ParamName[]>> = {
  douyin: ['i', 't', 'mute', 'full', 'j'],
  discover: ['q', 'c', 'pg'],
  search: ['q', 'pg'],
  category: ['c', 'pg'],
  'video-detail': ['vid', 'i', 'from', 'q', 'c', 'pg'],
  'video-play': ['vid', 'i', 'route', 'episode', 'from', 'q', 'c', 'pg'],
  navigation: ['tab'],
};

/** Pages that belong to the discover tab and get the restore event on return (spec 1 §2). */
export const DISCOVER_PAGES: readonly Page[] = ['discover', 'search', 'category'];

export function isDiscoverPage(page: Page): boolean {
  return DISCOVER_PAGES.includes(page);
}

