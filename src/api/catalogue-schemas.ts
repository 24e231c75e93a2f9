// Zod schemas of the MacCMS catalogue answers (spec 1 §7, spec 2 §3, §7).
// Upstream catalogues send numbers as strings and leave fields out, so every
// field is coerced or defaulted, and a bad item is dropped instead of failing
// its whole page.

import { z } from 'zod';

// zod 4 treats a missing key as an error unless the schema accepts
// undefined on both sides: .optional() / .default() mark that.

/** A whole number sent as a number or a digit string; anything else (or nothing) is undefined. */
export const looseInt = z
  .unknown()
  .transform((v): number | undefined => {
    if (typeof v === 'number') return Number.isSafeInteger(v) ? v : undefined;
    if (typeof v === 'string' && /^\s*-?\d{1,15}\s*$/.test(v)) return Number(v.trim());
    return undefined;
  })
  .optional();

/** Text sent as a string or a number; anything else (or nothing) is ''. */
export const looseText = z
  .unknown()
  .transform((v): string => {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    return '';
  })
  .default('');

const positiveId = looseInt.refine((n): n is number => n !== undefined && n > 0, { message: 'must be a positive integer' });

export const catalogueVideoSchema = z.object({
  vod_id: positiveId,
  vod_name: looseText,
  vod_name_pt: looseText,
  vod_name_en: looseText,
  vod_name_ja: looseText,
  vod_name_ko: looseText,
  vod_pic: looseText,
  vod_play_url: looseText,
  vod_play_from: looseText,
  vod_remarks: looseText,
  vod_area: looseText,
  vod_year: looseText,
  vod_content: looseText,
  vod_director: looseText,
  vod_actor: looseText,
  type_id: looseInt,
  type_name: looseText,
  vod_duration: looseInt,
  m3u8_url: looseText,
  short_m3u8_url: looseText,
  shortVideoId: looseInt,
});
export type CatalogueVideo = Omit<z.output<typeof catalogueVideoSchema>, 'vod_id'> & { vod_id: number };

export const vodEnvelopeSchema = z.object({
  code: looseInt,
  msg: looseText,
  page: looseInt,
  pagecount: looseInt,
  limit: looseInt,
  total: looseInt,
  list: z.array(z.unknown()).catch([]),
});

export const categorySchema = z.object({
  type_id: positiveId,
  type_name: looseText,
  type_en: looseText,
  type_sort: looseInt,
  type_mid: looseInt,
  type_pid: looseInt,
});
export type Category = Omit<z.output<typeof categorySchema>, 'type_id'> & { type_id: number };

export const categoriesEnvelopeSchema = z.object({
  code: looseInt,
  msg: looseText,
  info: z
    .object({ all_categories: z.array(z.unknown()).catch([]) })
    .optional()
    .catch(undefined),
  list: z.array(z.unknown()).optional().catch(undefined),
});

/** Items of `list` that parse; the rest are dropped. */
export function parseItems<T>(schema: z.ZodType<T>, list: readonly unknown[]): T[] {
  const out: T[] = [];
  for (const raw of list) {
    const r = schema.safeParse(raw);
    if (r.success) out.push(r.data);
  }
  return out;
}

/**
 * Spec 2 §5: only categories with a positive type_id, a type_name and
 * type_mid 1 or absent, sorted by type_id ascending.
 */
export function listableCategories(categories: readonly Category[]): Category[] {
  return categories
    .filter((c) => c.type_name.trim() !== '' && (c.type_mid === undefined || c.type_mid === 1))
    .sort((a, b) => a.type_id - b.type_id);
}
