// The grid's slots (spec 2 §2.5): exactly promotionConfig.slots of them, the
// configured items in order, and a disabled "ad rental" placeholder wherever
// an entry is missing, incomplete or repeats an id already shown.

import { promotionConfig } from './config';
import type { PromotionItem } from './promotion-schema';

export type PromotionSlot = { kind: 'item'; item: PromotionItem } | { kind: 'placeholder'; id: string };

export function fillSlots(entries: readonly (PromotionItem | null)[], count: number = promotionConfig.slots): PromotionSlot[] {
  const seen = new Set<string>();
  const slots: PromotionSlot[] = [];
  for (let i = 0; i < count; i++) {
    const item = entries[i] ?? null;
    if (item && !seen.has(item.id)) {
      seen.add(item.id);
      slots.push({ kind: 'item', item });
    } else {
      slots.push({ kind: 'placeholder', id: `${promotionConfig.placeholderIdPrefix}${i + 1}` });
    }
  }
  return slots;
}
