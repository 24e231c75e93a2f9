// Catalogue categories (MacCMS types): read in display order, upsert by type_id.

import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clearAnswers } from './response-cache';
import { categories } from '../../db/schema/catalogue';
import type { UpsertCounts } from './videos';

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryInput = typeof categories.$inferInsert;

/** Every category, enabled or not, by type_sort then type_id. */
export async function listCategories(db: Db): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.typeSort), asc(categories.typeId));
}

/** Inserts or updates by type_id (omitted columns take their defaults); counts which. */
export async function upsertCategories(db: Db, rows: readonly CategoryInput[]): Promise<UpsertCounts> {
  clearAnswers(db);
  const unique = [...new Map(rows.map((r) => [r.typeId, r])).values()];
  if (unique.length === 0) return { inserted: 0, updated: 0 };
  const result = await db
    .insert(categories)
    .values(unique)
    .onConflictDoUpdate({
      target: categories.typeId,
      set: {
        typePid: sql`excluded.type_pid`,
        typeName: sql`excluded.type_name`,
        typeEn: sql`excluded.type_en`,
        typeNames: sql`excluded.type_names`,
        typeSort: sql`excluded.type_sort`,
        typeMid: sql`excluded.type_mid`,
        typeStatus: sql`excluded.type_status`,
      },
    })
    // xmax is 0 on a freshly inserted row version and set on an updated one.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  // Cleared before and after: no answer computed during the write outlives it.
  clearAnswers(db);
  return { inserted: result.filter((r) => r.inserted).length, updated: result.filter((r) => !r.inserted).length };
}
