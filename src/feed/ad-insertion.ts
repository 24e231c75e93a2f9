// Feed ads (spec 1 §4 "Ads in the feed"): after the current item when the
// switch count is a positive multiple of 5 and no ad was placed for that
// count yet. Ads stay in the list once left. Pure: returns the new list.

import { SSO_AD_URL } from '../api/app-config';
import { feedConfig } from './config';
import type { FeedAdItem, FeedItem } from './feed-item';

export interface AdInsertionInput {
  items: readonly FeedItem[];
  currentIndex: number;
  switchCount: number;
  /** Switch counts an ad was already placed for. */
  placedFor: readonly number[];
  /** Ad items from the app config. */
  ads: readonly FeedAdItem[];
}

export type AdInsertion =
  | { inserted: false }
  | { inserted: true; items: FeedItem[]; placedFor: number[]; ad: FeedAdItem; index: number };

/** Whether this switch count calls for an ad (a positive multiple of 5, not yet served). */
export function adDue(switchCount: number, placedFor: readonly number[]): boolean {
  return switchCount > 0 && switchCount % feedConfig.adEverySwitches === 0 && !placedFor.includes(switchCount);
}

/** The ad for a switch count: the config's ads in turn, each copy with an id unique in the list. */
export function adForSwitch(ads: readonly FeedAdItem[], switchCount: number): FeedAdItem | null {
  if (ads.length === 0) return null;
  const turn = Math.max(0, switchCount / feedConfig.adEverySwitches - 1);
  const base = ads[turn % ads.length];
  return { ...base, id: `${base.id}_${switchCount}` };
}

export function insertAd(input: AdInsertionInput): AdInsertion {
  const { items, currentIndex, switchCount, placedFor, ads } = input;
  if (!adDue(switchCount, placedFor)) return { inserted: false };
  if (currentIndex < 0 || currentIndex >= items.length) return { inserted: false };
  // Never two ads in a row: the visitor would see nothing but promotion.
  if (items[currentIndex].isAd || items[currentIndex + 1]?.isAd) return { inserted: false };
  const ad = adForSwitch(ads, switchCount);
  if (!ad) return { inserted: false };
  const index = currentIndex + 1;
  return {
    inserted: true,
    items: [...items.slice(0, index), ad, ...items.slice(index)],
    placedFor: [...placedFor, switchCount],
    ad,
    index,
  };
}

/** What a click on an ad does: the sign-on redirect for 'sso:win667', else open the web link (spec 1 §4). */
export function adClickAction(ad: Pick<FeedAdItem, 'adUrl'>): { kind: 'sso' } | { kind: 'link'; url: string } | { kind: 'none' } {
  const url = ad.adUrl.trim();
  if (url === SSO_AD_URL) return { kind: 'sso' };
  if (/^https?:\/\//i.test(url)) return { kind: 'link', url };
  return { kind: 'none' };
}

