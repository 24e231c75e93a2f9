// A decoded upstream answer (JSON, or XML made into the same envelope by
// xml-answer.ts) -> what the import uses: a list page (ids, categories, page
// count) or detail items. Malformed items are skipped with a reason; a
// malformed envelope or code other than 1 fails the request.

import type { SourceCategory } from './map-categories';
import { describeIssues, upstreamCategorySchema, upstreamListItemSchema, upstreamListSchema, upstreamVideoSchema, type UpstreamList, type UpstreamVideo } from './upstream-schema';

export type Read<T> = { ok: true; value: T; skipped: string[] } | { ok: false; message: string };

export interface ListPage {
  /** The source's page count, when it sent one. */
  pagecount?: number;
  ids: number[];
  categories: SourceCategory[];
}

function envelope(body: unknown): { ok: true; value: UpstreamList } | { ok: false; message: string } {
  const parsed = upstreamListSchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: `the answer is not a MacCMS list (${describeIssues(parsed.error)})` };
  if (parsed.data.code !== 1) {
    const msg = parsed.data.msg.trim();
    return { ok: false, message: `the source refused: code ${parsed.data.code}${msg ? `, "${msg}"` : ''}` };
  }
  return { ok: true, value: parsed.data };
}

/** The item's vod_id as sent, for messages. */
function label(item: unknown): string {
  const id = typeof item === 'object' && item !== null ? (item as Record<string, unknown>).vod_id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? `video ${id}` : 'a video without vod_id';
}

export function readListPage(body: unknown): Read<ListPage> {
  const e = envelope(body);
  if (!e.ok) return e;
  const skipped: string[] = [];
  const ids: number[] = [];
  for (const item of e.value.list) {
    const p = upstreamListItemSchema.safeParse(item);
    if (p.success) ids.push(p.data.vod_id);
    else skipped.push(`${label(item)} in the list: ${describeIssues(p.error)}`);
  }
  const categories: SourceCategory[] = [];
  for (const [index, raw] of (e.value.class ?? []).entries()) {
    const p = upstreamCategorySchema.safeParse(raw);
    if (!p.success) skipped.push(`category ${index + 1} of the class list: ${describeIssues(p.error)}`);
    // Without type_sort the source's order is kept.
    else categories.push({ typeId: p.data.type_id, typePid: p.data.type_pid, typeName: p.data.type_name, typeSort: p.data.type_sort ?? index + 1 });
  }
  return { ok: true, value: { pagecount: e.value.pagecount, ids, categories }, skipped };
}

export interface DetailItems {
  items: UpstreamVideo[];
  /** Every vod_id the answer carried, malformed items included (they are skipped, not missing). */
  present: number[];
}

export function readDetails(body: unknown): Read<DetailItems> {
  const e = envelope(body);
  if (!e.ok) return e;
  const skipped: string[] = [];
  const items: UpstreamVideo[] = [];
  const present: number[] = [];
  for (const item of e.value.list) {
    const id = upstreamListItemSchema.safeParse(item);
    if (id.success) present.push(id.data.vod_id);
    const p = upstreamVideoSchema.safeParse(item);
    if (p.success) items.push(p.data);
    else skipped.push(`${label(item)}: ${describeIssues(p.error)}`);
  }
  return { ok: true, value: { items, present }, skipped };
}
