// The WHERE clause of a catalogue list: category (with its direct children),
// updated-within hours, search over every title language, and ids. All
// filters combine with AND, as in MacCMS. Videos gone from their source are
// never listed (they stay in the table for the history that names them).

import { and, eq, gte, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { categories, videos } from '../../db/schema/catalogue';
import type { Db } from '../../db/client';
import type { VodQuery } from './vod-query';

/** LIKE pattern matching `text` anywhere: %, _ and the escape character itself match only themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Videos the public may see: not marked gone by a whole-source import. */
export const visibleVideo = isNull(videos.goneAt);

/** A video's title in every language the catalogue keeps (vod_name, vod_name_<lang>), as select fields. */
export const NAME_FIELDS = { vodName: videos.vodName, vodNamePt: videos.vodNamePt, vodNameEn: videos.vodNameEn, vodNameJa: videos.vodNameJa, vodNameKo: videos.vodNameKo };
const NAME_COLUMNS = Object.values(NAME_FIELDS);

export function videoFilter(db: Db, query: VodQuery, now: Date): SQL | undefined {
  const { typeId, hours, search, ids } = query;
  const childIds = (parent: number) => db.select({ id: categories.typeId }).from(categories).where(eq(categories.typePid, parent));
  return and(
    visibleVideo,
    typeId === undefined ? undefined : or(eq(videos.typeId, typeId), inArray(videos.typeId, childIds(typeId))),
    hours === undefined ? undefined : gte(videos.vodTime, new Date(now.getTime() - hours * 3_600_000)),
    search === undefined ? undefined : or(...NAME_COLUMNS.map((column) => ilike(column, containsPattern(search)))),
    ids === undefined ? undefined : inArray(videos.vodId, ids),
  );
}
