// The detail page's metadata lines (spec 2 §2.4): category, region, language,
// year, status, running time, update time, then director and actor. A field
// the catalogue left empty hides its line. Values are catalogue text, so
// markup is removed (plain-text.ts) and React renders what is left as text.
//
// vod_remarks is MacCMS's remark: a status ("Completo", "Ep. 12", "HD"), but
// some catalogues (the demo's among them) put the running time there
// ("12 min · 240p/360p"). That is not a status: it never shows as "Status
// 12 min"; the running time has its own line, from vod_duration through Intl
// in the visitor's language when the catalogue gives it.

import { runningTime } from '../../lib/running-time';
import type { CatalogueVideo } from '../../api/catalogue-schemas';
import { plainText } from '../../lib/plain-text';

export type MetadataField = 'category' | 'region' | 'language' | 'year' | 'status' | 'duration' | 'updated' | 'director' | 'actor';

export interface MetadataLine {
  field: MetadataField;
  /** i18n key of the line's label. */
  labelKey: string;
  value: string;
}

type MetadataSource = Pick<CatalogueVideo, 'type_name' | 'vod_area' | 'vod_year' | 'vod_remarks' | 'vod_director' | 'vod_actor'> &
  Partial<Pick<CatalogueVideo, 'vod_lang' | 'vod_time' | 'vod_duration'>>;

export interface MetadataOptions {
  /** The category's name in the interface language, when known (else the video's type_name). */
  category?: string;
  /** The interface language (BCP 47) for numbers and dates. */
  language?: string;
}

/** A remark that only gives a running time, maybe with technical notes after it ("12 min", "45 分钟", "90 min · 720p"). */
// "12 min", "12分钟"... or a clock ("12:00", "1:02:03"): a running time, never a status.
const RUNNING_TIME = /^(?:\d+(?:[.,]\d+)?\s*(?:min(?:s|utes?|utos?)?\.?|分钟|分鐘|分|분)(?:\s*[·|/,;-].*)?|\d{1,2}(?::\d{2}){1,2})$/i;

function isRunningTimeRemark(remark: string): boolean {
  return RUNNING_TIME.test(remark.trim());
}


const CATALOGUE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;

/** MacCMS's 'YYYY-MM-DD HH:mm:ss' (the catalogue's wall clock) as the day in the visitor's language; other text as it is. */
function updatedDay(text: string, language: string | undefined): string {
  const m = CATALOGUE_TIME.exec(text.trim());
  if (!m) return text;
  const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // The wall clock's own day: formatted in UTC, where it was built, so no time zone moves it.
  return Number.isNaN(day) ? text : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(day);
}

type Reader = (v: MetadataSource, language: string | undefined) => string | undefined;

const remark = (v: MetadataSource) => plainText(v.vod_remarks ?? '');

/** The lines in display order, each with what it reads. */
const FIELDS: readonly { field: MetadataField; labelKey: string; read: Reader }[] = [
  { field: 'category', labelKey: 'detail:meta.category', read: (v) => v.type_name },
  { field: 'region', labelKey: 'detail:meta.region', read: (v) => v.vod_area },
  { field: 'language', labelKey: 'detail:meta.language', read: (v) => v.vod_lang },
  { field: 'year', labelKey: 'detail:meta.year', read: (v) => v.vod_year },
  { field: 'status', labelKey: 'detail:meta.status', read: (v) => (isRunningTimeRemark(remark(v)) ? undefined : v.vod_remarks) },
  {
    field: 'duration',
    labelKey: 'detail:meta.duration',
    read: (v, language) => (v.vod_duration && v.vod_duration > 0 ? runningTime(v.vod_duration, language) : isRunningTimeRemark(remark(v)) ? remark(v) : undefined),
  },
  { field: 'updated', labelKey: 'detail:meta.updated', read: (v, language) => (v.vod_time ? updatedDay(plainText(v.vod_time), language) : undefined) },
  { field: 'director', labelKey: 'detail:meta.director', read: (v) => v.vod_director },
  { field: 'actor', labelKey: 'detail:meta.actor', read: (v) => v.vod_actor },
];

export function metadataLines(video: MetadataSource, options: MetadataOptions = {}): MetadataLine[] {
  const lines: MetadataLine[] = [];
  for (const { field, labelKey, read } of FIELDS) {
    const raw = field === 'category' && options.category ? options.category : read(video, options.language);
    const value = typeof raw === 'string' ? plainText(raw) : '';
    if (value) lines.push({ field, labelKey, value });
  }
  return lines;
}
