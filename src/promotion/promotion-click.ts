// What a click on a promotion item does (spec 2 §5): refused with a message
// when the item is disabled, has no link, is inside its click lock or has an
// invalid link; otherwise the item is locked and its normalised link opens in
// a new tab without an opener, or in this window when the new tab is blocked.

import type { ClickLock } from './click-lock';
import type { PromotionItem } from './promotion-schema';
import { normalizePromotionUrl } from './promotion-url';

export const PromotionMessage = {
  tooFast: 'promotion:messages.tooFast',
  notEnabled: 'promotion:messages.notEnabled',
  noLink: 'promotion:messages.noLink',
} as const;
export type PromotionMessage = (typeof PromotionMessage)[keyof typeof PromotionMessage];

export type ClickDecision = { kind: 'open'; url: string } | { kind: 'refuse'; message: PromotionMessage };

export function decideClick(item: PromotionItem, lock: ClickLock, pageOrigin: string): ClickDecision {
  if (!item.enabled) return { kind: 'refuse', message: PromotionMessage.notEnabled };
  if (!item.url) return { kind: 'refuse', message: PromotionMessage.noLink };
  if (lock.locked(item.id)) return { kind: 'refuse', message: PromotionMessage.tooFast };
  const url = normalizePromotionUrl(item.url, pageOrigin);
  if (!url) return { kind: 'refuse', message: PromotionMessage.noLink };
  lock.lock(item.id);
  return { kind: 'open', url };
}

/** The parts of window used to open a link. */
export interface Opener {
  open(url?: string, target?: string): { opener: unknown; location: { replace(url: string): void } } | null;
  location: { assign(url: string): void };
}

/**
 * A blank tab is opened first so a blocked popup can be detected (open() with
 * 'noopener' always returns null); its opener is cut before it leaves for the
 * link, so the sponsor page cannot reach back into this one.
 */
export function openPromotionLink(url: string, win: Opener): 'new-tab' | 'same-window' {
  let tab: ReturnType<Opener['open']> = null;
  try {
    tab = win.open('about:blank', '_blank');
  } catch {
    tab = null;
  }
  if (!tab) {
    win.location.assign(url);
    return 'same-window';
  }
  tab.opener = null;
  tab.location.replace(url);
  return 'new-tab';
}
