// Zod schemas of the MacCMS catalogue answers (spec 1 §7, spec 2 §3, §7).
// Upstream catalogues send numbers as strings and leave fields out, so every
// field is coerced or defaulted, and a bad item is dropped instead of failing
// its whole page.

import * as z from 'zod/mini';
import { localizedTextSchema } from './localized-text';

// zod 4 treats a missing key as an error unless the schema accepts
// undefined on both sides: z.optional() / z._default() mark that.

/** A whole number sent as a number or a digit string; anything else (or nothing) is undefined. */
export const looseInt = z.optional(
  z.pipe(
    z.unknown(),
    z.transform((v): number | undefined => {
      if (typeof v === 'number') return Number.isSafeInteger(v) ? v : undefined;
      if (typeof v === 'string' && /^\s*-?\d{1,15}\s*$/.test(v)) return Number(v.trim());
      return undefined;
    }),
  ),
);

/** Text sent as a string or a number; anything else (or nothing) is ''. */
export const looseText = z._default(
  z.pipe(
    z.unknown(),
    z.transform((v): string => {
      if (typeof v === 'string') return v;
      if (typeof v === 'number' && Number.isFinite(v)) return String(v);
      return '';
    }),
  ),
  '',
);

/** Text sent as a string or a number, for fields only some pages show (undefined when absent, so fixtures may leave them out). */
export const optionalText = z.optional(
  z.pipe(
    z.unknown(),
    z.transform((v): string | undefined => {
      if (typeof v === 'string') return v;
      if (typeof v === 'number' && Number.isFinite(v)) return String(v);
      return undefined;
    }),
  ),
);

/** looseInt whose output is typed as a number (see positiveLooseInt). */
export type PositiveLooseInt = typeof looseInt & z.ZodMiniType<number, z.input<typeof looseInt>>;

/**
 * looseInt that must be above 0. zod/mini's refine does not narrow the
 * output type on a type predicate, so the narrowing that classic zod's
 * `.refine((n): n is number => …)` gives is restated by the cast.
 */
export function positiveLooseInt(message?: string): PositiveLooseInt {
  return looseInt.check(z.refine((n) => n !== undefined && n > 0, message === undefined ? undefined : { message })) as PositiveLooseInt;
}

const positiveId = positiveLooseInt('must be a positive integer');

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
  vod_lang: optionalText,
  vod_time: optionalText,
  vod_content: looseText,
  vod_director: looseText,
  vod_actor: looseText,
  type_id: looseInt,
  type_name: looseText,
  vod_duration: looseInt,
  m3u8_url: looseText,
  short_m3u8_url: looseText,
  // Further address fields an item may carry (spec 1 §3, §5; workers/core/play-url.ts itemPlayAddress reads them in order).
  url: optionalText,
  src: optionalText,
  playUrl: optionalText,
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
  list: z.catch(z.array(z.unknown()), []),
});

export const categorySchema = z.object({
  type_id: positiveId,
  type_name: looseText,
  type_en: looseText,
  // Ours, not MacCMS's: the name per interface language; {} when absent or unusable (the name is then type_name).
  type_names: z.catch(localizedTextSchema, {}),
  type_sort: looseInt,
  type_mid: looseInt,
  type_pid: looseInt,
});
export type Category = Omit<z.output<typeof categorySchema>, 'type_id'> & { type_id: number };

export const categoriesEnvelopeSchema = z.object({
  code: looseInt,
  msg: looseText,
  info: z.catch(z.optional(z.object({ all_categories: z.catch(z.array(z.unknown()), []) })), undefined),
  list: z.catch(z.optional(z.array(z.unknown())), undefined),
});

/** Items of `list` that parse; the rest are dropped. */
export function parseItems<T>(schema: z.ZodMiniType<T>, list: readonly unknown[]): T[] {
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

/** The short-video service's envelope (spec 1 §7), also used by our v2 catalogue endpoints: {success, data, ...}. */
export const serviceEnvelopeSchema = z.object({
  success: z.boolean(),
  message: looseText,
  data: z.unknown(),
  total: looseInt,
  total_pages: looseInt,
  page: looseInt,
  page_size: looseInt,
});
