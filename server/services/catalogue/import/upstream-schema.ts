// What an upstream MacCMS v10 source sends, parsed leniently: numbers may come
// as strings, text fields as numbers or null, unknown keys are kept (they end
// up in videos.extra). Only what the import needs is required. XML answers
// arrive here as the same envelope (xml-answer.ts). Text with markup is
// reduced as sanitize.ts says: vod_content to safe markup, one-line fields to
// text.

import { z } from 'zod';
import { INT4_MAX } from '../../../db/limits';
import { safeMarkup, withoutTags } from './sanitize';

/** An integer sent as a number or as a digit string ("13"). */
const looseInt = z.union([z.number().int(), z.string().trim().regex(/^-?\d+$/).transform(Number)]);

const positiveId = looseInt.pipe(z.number().int().min(1, 'must be a positive integer').max(Number.MAX_SAFE_INTEGER));

const typeId = looseInt.pipe(z.number().int().min(0).max(INT4_MAX));

/** Text sent as a string, a number or null/absent (''); any other shape is dropped (''). */
const looseText = z
  .union([z.string(), z.number()])
  .nullish()
  .catch(null)
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

/** A one-line field (a name, remarks, people): its tags removed. */
const lineText = looseText.transform(withoutTags);

/** Optional one-line text: absent or blank becomes null. */
const optionalText = lineText.transform((v) => (v.trim() === '' ? null : v));

/** An int4 count: missing or malformed is 0, out of range is clamped. */
const count = looseInt
  .catch(0)
  .optional()
  .transform((v) => Math.min(Math.max(v ?? 0, 0), INT4_MAX));

const pageNumber = looseInt.optional().catch(undefined);

export const upstreamListSchema = z.looseObject({
  code: looseInt,
  msg: looseText,
  page: pageNumber,
  pagecount: pageNumber,
  total: pageNumber,
  list: z
    .array(z.unknown())
    .nullish()
    .transform((v) => v ?? []),
  class: z.array(z.unknown()).nullish().catch(null),
});

export const upstreamCategorySchema = z.object({
  type_id: typeId.pipe(z.number().min(1)),
  type_pid: typeId.catch(0).optional().transform((v) => v ?? 0),
  type_name: lineText.pipe(z.string().trim().min(1, 'type_name is empty')),
  type_sort: looseInt.optional().catch(undefined),
});

export const upstreamListItemSchema = z.looseObject({ vod_id: positiveId });

export const upstreamVideoSchema = z.looseObject({
  vod_id: positiveId,
  vod_name: lineText.pipe(z.string().trim().min(1, 'vod_name is empty')),
  type_id: typeId.catch(0),
  type_name: lineText,
  vod_time: z.unknown().optional(),
  vod_time_add: z.unknown().optional(),
  vod_name_pt: optionalText,
  vod_name_en: optionalText,
  vod_name_ja: optionalText,
  vod_name_ko: optionalText,
  vod_sub: lineText,
  vod_en: looseText,
  vod_pic: looseText,
  vod_remarks: lineText,
  vod_area: lineText,
  vod_lang: lineText,
  vod_year: lineText,
  vod_director: lineText,
  vod_actor: lineText,
  vod_content: looseText.transform(safeMarkup),
  vod_play_from: looseText,
  vod_play_server: looseText,
  vod_play_note: looseText,
  vod_play_url: looseText,
  vod_duration: looseInt.pipe(z.number().int().min(0).max(INT4_MAX)).nullish().catch(null),
  vod_hits: count,
});

export type UpstreamList = z.infer<typeof upstreamListSchema>;
type UpstreamCategory = z.infer<typeof upstreamCategorySchema>;
export type UpstreamVideo = z.infer<typeof upstreamVideoSchema>;

/** Keys the import maps to columns; everything else an item carries goes to extra. */
export const mappedVideoKeys: ReadonlySet<string> = new Set(Object.keys(upstreamVideoSchema.shape));

/** "vod_name: vod_name is empty" style text for a failed item parse. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}
