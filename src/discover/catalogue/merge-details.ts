// Search results are short list items; the detail answer for their ids fills
// them in (spec 2 §7: merged over the initial result by vod_id). A field the
// detail answer leaves empty keeps the list's value, since the schema turns a
// missing field into '' and that must not blank a poster or a title.

import type { CatalogueVideo } from '../../api/catalogue-schemas';

function mergeOne(base: CatalogueVideo, over: CatalogueVideo): CatalogueVideo {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out as CatalogueVideo;
}

/** The list in its order, each item completed by the detail item with the same vod_id. */
export function mergeVideoDetails(list: readonly CatalogueVideo[], details: readonly CatalogueVideo[]): CatalogueVideo[] {
  const byId = new Map(details.map((v) => [v.vod_id, v]));
  return list.map((v) => {
    const detail = byId.get(v.vod_id);
    return detail ? mergeOne(v, detail) : v;
  });
}
