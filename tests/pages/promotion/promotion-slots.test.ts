import { describe, expect, it } from 'vitest';
import { promotionConfig } from '../../../src/promotion/config';
import { promotionItems } from '../../../src/promotion/promotion-items';
import { localizedText } from '../../../src/i18n/localized-text';
import { parsePromotionItem, parsePromotionItems } from '../../../src/promotion/promotion-schema';
import { fillSlots } from '../../../src/promotion/promotion-slots';

const item = (id: string, extra: Record<string, unknown> = {}) => ({ id, title: `Title ${id}`, url: `https://${id}.example`, ...extra });

describe('promotion items (spec 2 §3)', () => {
  it('applies the defaults: enabled true, type "fixed"', () => {
    const every = { 'pt-BR': 'A', zh: 'A', en: 'A', ja: 'A', ko: 'A' };
    expect(parsePromotionItem({ id: 'a', title: 'A' })).toEqual({ id: 'a', title: every, enabled: true, type: 'fixed' });
    expect(parsePromotionItem({ id: 'a', title: 'A', enabled: false, type: 'rotating', badge: 'NEW', image: '🎮', url: 'x.com' })).toEqual({
      id: 'a',
      title: every,
      enabled: false,
      type: 'rotating',
      badge: 'NEW',
      image: '🎮',
      url: 'x.com',
    });
  });

  it('an entry without an id or a title is incomplete', () => {
    expect(parsePromotionItem({ title: 'no id' })).toBeNull();
    expect(parsePromotionItem({ id: 'no-title' })).toBeNull();
    expect(parsePromotionItem({ id: '  ', title: 'blank id' })).toBeNull();
    expect(parsePromotionItem({ id: 'x', title: '   ' })).toBeNull();
    expect(parsePromotionItem(null)).toBeNull();
    expect(parsePromotionItem('partner')).toBeNull();
  });

  it('bad optional fields fall back instead of dropping the entry; long texts are cut', () => {
    const parsed = parsePromotionItem({ id: 'a', title: 'x'.repeat(100), enabled: 'yes', url: 42, badge: 'B'.repeat(40) });
    expect(parsed).not.toBeNull();
    expect(parsed!.enabled).toBe(true);
    expect(parsed!.url).toBeUndefined();
    expect(parsed!.title['ja']).toHaveLength(promotionConfig.maxTitleLength);
    expect(parsed!.badge).toHaveLength(promotionConfig.maxBadgeLength);
  });

  it('a title per interface language: each visitor reads their own, unknown languages refuse the entry', () => {
    const parsed = parsePromotionItem({ id: 'a', title: { 'pt-BR': 'Jogos', ja: 'ゲーム' } });
    expect(localizedText(parsed!.title, 'ja')).toBe('ゲーム');
    expect(localizedText(parsed!.title, 'ko')).toBe('Jogos');
    expect(parsePromotionItem({ id: 'a', title: { fr: 'Jeux' } })).toBeNull();
  });

  it('the bundled entries have a title in every interface language, and pt-BR words stay out of the others', () => {
    for (const raw of promotionItems) {
      const parsed = parsePromotionItem(raw)!;
      expect(Object.keys(parsed.title).sort()).toEqual(['en', 'ja', 'ko', 'pt-BR', 'zh']);
      for (const lang of ['zh', 'en', 'ja', 'ko'] as const) expect(parsed.title[lang]).not.toBe(parsed.title['pt-BR']);
    }
  });

  it('a configuration that is not a list is a load failure', () => {
    expect(parsePromotionItems({ items: [] }).ok).toBe(false);
    expect(parsePromotionItems(undefined).entries).toEqual([]);
  });
});

describe('the grid (spec 2 §2.5, §8, §9)', () => {
  it('always has exactly 10 slots: items in order, placeholders for the rest', () => {
    const slots = fillSlots(parsePromotionItems([item('a'), item('b')]).entries);
    expect(slots).toHaveLength(10);
    expect(slots.slice(0, 2).map((s) => s.kind)).toEqual(['item', 'item']);
    expect(slots.slice(2).every((s) => s.kind === 'placeholder')).toBe(true);
  });

  it('an incomplete entry becomes a placeholder in its own position', () => {
    const slots = fillSlots(parsePromotionItems([item('a'), { id: 'broken' }, item('c')]).entries);
    expect(slots.map((s) => s.kind).slice(0, 3)).toEqual(['item', 'placeholder', 'item']);
  });

  it('a repeated id is shown once', () => {
    const slots = fillSlots(parsePromotionItems([item('a'), item('a')]).entries);
    expect(slots.filter((s) => s.kind === 'item')).toHaveLength(1);
    expect(new Set(slots.map((s) => (s.kind === 'item' ? s.item.id : s.id))).size).toBe(10);
  });

  it('more than 10 entries are cut to 10', () => {
    const many = Array.from({ length: 14 }, (_, i) => item(`i${i}`));
    const slots = fillSlots(parsePromotionItems(many).entries);
    expect(slots).toHaveLength(10);
    expect(slots.every((s) => s.kind === 'item')).toBe(true);
  });

  it('a load failure gives ten disabled placeholders', () => {
    const slots = fillSlots(parsePromotionItems('not a list').entries);
    expect(slots).toHaveLength(10);
    expect(slots.every((s) => s.kind === 'placeholder')).toBe(true);
  });

  it('the configured items are complete: the demo partner first, then the sponsors', () => {
    const { ok, entries } = parsePromotionItems(promotionItems);
    expect(ok).toBe(true);
    expect(entries.every((e) => e !== null)).toBe(true);
    expect(entries[0]!.url).toBe('/partner/');
    // Every configured item has its art.
    expect(entries.every((e) => !!e!.image)).toBe(true);
    const slots = fillSlots(entries);
    expect(slots.filter((s) => s.kind === 'item').length).toBe(promotionItems.length);
    expect(slots).toHaveLength(10);
  });
});
