// The operator's category mapping, DATA_DIR/category-map.json: per source
// host, upstream type_id -> our type_id, e.g.
//   { "api.example.com": { "6": 1, "13": 2 } }
// A mapped upstream category is not created here: its videos go to ours.
// Validated at server start and at import start; a bad file stops either with
// the field named. No file: the automatic mapping (map-categories.ts) alone.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { INT4_MAX } from '../../../db/limits';
import { importConfig } from '../config';

const typeId = z.number().int().min(1).max(INT4_MAX);

const fileSchema = z.record(
  z.string().min(1, 'a source host must not be empty'),
  z.record(z.string().regex(/^[1-9]\d{0,9}$/, 'upstream type_id keys must be positive integers'), typeId),
);

/** host -> (upstream type_id -> local type_id). */
export type CategoryMapFile = ReadonlyMap<string, ReadonlyMap<number, number>>;

export type CategoryMapResult = { ok: true; map: CategoryMapFile } | { ok: false; message: string };

export function categoryMapPath(dataDir: string): string {
  return path.join(dataDir, importConfig.categoryMapFile);
}

export function parseCategoryMap(text: string, file: string): CategoryMapResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `${file} is not JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(the file)'}: ${i.message}`);
    return { ok: false, message: `${file} is not a category map ({"<source host>": {"<upstream type_id>": <our type_id>}}): ${problems.join('; ')}` };
  }
  const map = new Map(Object.entries(parsed.data).map(([host, ids]) => [host.toLowerCase(), new Map(Object.entries(ids).map(([from, to]) => [Number(from), to]))]));
  return { ok: true, map };
}

/** Reads DATA_DIR/category-map.json; an absent file is an empty map. */
export function loadCategoryMap(dataDir: string): CategoryMapResult {
  const file = categoryMapPath(dataDir);
  if (!existsSync(file)) return { ok: true, map: new Map() };
  return parseCategoryMap(readFileSync(file, 'utf8'), file);
}
