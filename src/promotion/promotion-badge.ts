// The promotion tab's badge (spec 1 §2 "Bottom tabs", spec 2 §6: the
// promotion badge flag): how many sponsor links the page offers right now,
// i.e. slots holding an enabled item with a link (placeholders do not count).

import { promotionItems } from './promotion-items';
import { parsePromotionItems } from './promotion-schema';
import { fillSlots } from './promotion-slots';

export function promotionBadgeCount(items: readonly unknown[] = promotionItems): number {
  return fillSlots(parsePromotionItems(items).entries).filter((slot) => slot.kind === 'item' && slot.item.enabled && !!slot.item.url).length;
}
