// The import's requests to the source: one list page, or the details of a
// page's ids in batches (all or nothing: one failed batch fails the page).

import { fetchUpstream, type FetchPolicy } from './fetch-upstream';
import { readDetails, type Read } from './read-answer';
import type { UpstreamVideo } from './upstream-schema';

/** The endpoint with the import's parameters in place of any the URL carried. */
export function requestUrl(endpoint: URL, params: Record<string, string>): URL {
  const url = new URL(endpoint);
  for (const key of ['ac', 'pg', 'ids', 't', 'wd', 'h', 'pagesize', 'limit']) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url;
}

/** Fetch, decode and read one answer; every failure is a message. */
export async function fetchRead<T>(url: URL, policy: FetchPolicy, read: (body: unknown) => Read<T>): Promise<Read<T>> {
  const decoded = await fetchUpstream(url, policy);
  return decoded.ok ? read(decoded.value) : decoded;
}

/** Every detail batch of one page, or the first failure (then nothing of the page is saved). */
export async function fetchDetails(endpoint: URL, ids: number[], batchSize: number, policy: FetchPolicy): Promise<Read<UpstreamVideo[]>> {
  const items: UpstreamVideo[] = [];
  const skipped: string[] = [];
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += batchSize) {
    const batch = ids.slice(i, i + batchSize);
    const url = requestUrl(endpoint, { ac: 'detail', ids: batch.join(','), pagesize: String(batch.length) });
    const r = await fetchRead(url, policy, readDetails);
    if (!r.ok) return { ok: false, message: `details of ${batch.join(',')}: ${r.message}` };
    items.push(...r.value.items);
    for (const id of r.value.present) found.add(id);
    skipped.push(...r.skipped);
  }
  for (const id of ids) if (!found.has(id)) skipped.push(`video ${id}: missing from the detail answer`);
  return { ok: true, value: items, skipped };
}
