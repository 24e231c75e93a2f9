// The detail page's metadata lines (spec 2 §2.4): category, region, language,
// year, status, update time, then director and actor. A field the catalogue
// left empty hides its line. Values are catalogue text, so markup is removed
// (plain-text.ts) and React renders what is left as text.

import type { CatalogueVideo } from '../../api/catalogue-schemas';
import { plainText } from '../../lib/plain-text';

export type MetadataField = 'category' | 'region' | 'language' | 'year' | 'status' | 'updated' | 'director' | 'actor';

export interface MetadataLine {
  field: MetadataField;
  /** i18n key of the line's label. */
  labelKey: string;
  value: string;
}

type MetadataSource = Pick<CatalogueVideo, 'type_name' | 'vod_area' | 'vod_year' | 'vod_remarks' | 'vod_director' | 'vod_actor'> &
  Partial<Pick<CatalogueVideo, 'vod_lang' | 'vod_time'>>;

/** The lines in display order, each with the video field it reads. */
const FIELDS: readonly { field: MetadataField; labelKey: string; read: (v: MetadataSource) => string | undefined }[] = [
  { field: 'category', labelKey: 'detail:meta.category', read: (v) => v.type_name },
  { field: 'region', labelKey: 'detail:meta.region', read: (v) => v.vod_area },
  { field: 'language', labelKey: 'detail:meta.language', read: (v) => v.vod_lang },
  { field: 'year', labelKey: 'detail:meta.year', read: (v) => v.vod_year },
  { field: 'status', labelKey: 'detail:meta.status', read: (v) => v.vod_remarks },
  { field: 'updated', labelKey: 'detail:meta.updated', read: (v) => v.vod_time },
  { field: 'director', labelKey: 'detail:meta.director', read: (v) => v.vod_director },
  { field: 'actor', labelKey: 'detail:meta.actor', read: (v) => v.vod_actor },
];

/** `category`: the category's name in the interface language, when known (else the video's type_name). */
export function metadataLines(video: MetadataSource, names: { category?: string } = {}): MetadataLine[] {
  const lines: MetadataLine[] = [];
  for (const { field, labelKey, read } of FIELDS) {
    const raw = field === 'category' && names.category ? names.category : read(video);
    const value = typeof raw === 'string' ? plainText(raw) : '';
    if (value) lines.push({ field, labelKey, value });
  }
  return lines;
}
