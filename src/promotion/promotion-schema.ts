// The promotion item (spec 2 §3): id, title, image (URL or emoji), url,
// enabled (default true), badge, type (default "fixed"). The configuration is
// parsed, never cast: an entry lacking an id or a title is "incomplete" and
// its slot becomes an ad-rental placeholder (spec 2 §2.5).

import * as z from 'zod/mini';
import { localizedTextSchema, type LocalizedText } from '../api/localized-text';
import { promotionConfig } from './config';

const text = (max: number) => z.pipe(z.string(), z.transform((v) => Array.from(v.trim()).slice(0, max).join('')));

const itemSchema = z.object({
  id: z.string().check(z.trim(), z.minLength(1)),
  // Per interface language, or a plain string for all of them: a sponsor's
  // name stays as it is, the words around it are the visitor's (issue 16).
  title: localizedTextSchema,
  image: z.catch(z.optional(z.string().check(z.trim())), undefined),
  url: z.catch(z.optional(z.string().check(z.trim())), undefined),
  enabled: z.catch(z._default(z.boolean(), true), true),
  badge: z.catch(z.optional(text(promotionConfig.maxBadgeLength)), undefined),
  type: z.catch(z._default(z.string(), promotionConfig.defaultType), promotionConfig.defaultType),
});

export interface PromotionItem {
  id: string;
  title: LocalizedText;
  /** An image URL or an emoji; absent shows the generic placeholder art. */
  image?: string;
  /** As configured; normalised only when clicked. */
  url?: string;
  enabled: boolean;
  badge?: string;
  type: string;
}

/** One configured entry, or null when it is missing or incomplete. */
export function parsePromotionItem(raw: unknown): PromotionItem | null {
  const r = itemSchema.safeParse(raw);
  if (!r.success) return null;
  const d = r.data;
  const title: LocalizedText = Object.fromEntries(Object.entries(d.title).map(([lang, value]) => [lang, Array.from(value ?? '').slice(0, promotionConfig.maxTitleLength).join('')]));
  const item: PromotionItem = { id: d.id, title, enabled: d.enabled, type: d.type };
  if (d.image) item.image = d.image;
  if (d.url) item.url = d.url;
  if (d.badge) item.badge = d.badge;
  return item;
}

/**
 * The configured list, entry by entry (null for each unusable one). A
 * configuration that is not a list at all is a load failure: every slot is
 * then a placeholder (spec 2 §8).
 */
export function parsePromotionItems(raw: unknown): { ok: boolean; entries: (PromotionItem | null)[] } {
  if (!Array.isArray(raw)) return { ok: false, entries: [] };
  return { ok: true, entries: raw.map(parsePromotionItem) };
}
