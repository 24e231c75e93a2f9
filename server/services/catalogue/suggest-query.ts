// The query of GET /index.php/ajax/suggest (MacCMS's suggestion endpoint;
// spec 2 §7: mid, wd, limit, timestamp), parsed once. wd is required and
// short; mid names the module and only 1 (videos) exists here; timestamp is
// the client's cache-buster, checked for shape and otherwise ignored; lang
// picks the title language shown, as on ac=list. Unknown keys are ignored.

import { z } from 'zod';
import { catalogueConfig } from './config';
import { lang, positiveInt, single } from './vod-query';
import type { NameLanguage } from './vod-query';

export interface SuggestQuery {
  text: string;
  limit: number;
  nameLanguage?: NameLanguage;
}

export type SuggestQueryResult = { ok: true; query: SuggestQuery } | { ok: false; message: string };

/** MacCMS's module id of videos, the only module this catalogue has. */
const VIDEO_MODULE = 1;

const wd = single('wd').transform((v, ctx) => {
  if (v === undefined) {
    ctx.addIssue({ code: 'custom', message: 'wd (the start of a title) is required' });
    return z.NEVER;
  }
  if ([...v].length > catalogueConfig.suggestMaxQueryLength) {
    ctx.addIssue({ code: 'custom', message: `wd must be at most ${catalogueConfig.suggestMaxQueryLength} characters` });
    return z.NEVER;
  }
  return v;
});

const mid = positiveInt('mid').refine((v) => v === undefined || v === VIDEO_MODULE, { message: `mid must be ${VIDEO_MODULE} (videos), the only module here` });

const timestamp = single('timestamp').refine((v) => v === undefined || /^\d{1,16}$/.test(v), { message: 'timestamp must be a number of up to 16 digits' });

const suggestQuerySchema = z.object({
  wd,
  mid,
  limit: positiveInt('limit', catalogueConfig.suggestMaxLimit),
  timestamp,
  lang,
});

export function parseSuggestQuery(raw: unknown): SuggestQueryResult {
  const parsed = suggestQuerySchema.safeParse(raw ?? {});
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => i.message).join('; ') };
  const q = parsed.data;
  return { ok: true, query: { text: q.wd, limit: q.limit ?? catalogueConfig.suggestDefaultLimit, nameLanguage: q.lang } };
}
