// One page of the source, whichever way it is fetched. MacCMS v10 answers
// `ac=videolist&pg=N` with the page's detail items: one request a page. Some
// sources strip play urls from it (or do not know it): then the page's ids
// come from `ac=list&pg=N` and their details from `ac=detail&ids=...`.
// probeMode asks videolist once and keeps its answer for the page it asked;
// a request that fails outright (network, HTTP, not JSON, refused address) is
// that page's failure, not asked again another way.

import type { Decoded } from './decode-body';
import { fetchUpstream, type FetchPolicy } from './fetch-upstream';
import type { SourceCategory } from './map-categories';
import { readDetails, readListPage, type Read } from './read-answer';
import { fetchDetails, fetchRead, requestUrl } from './requests';
import type { UpstreamVideo } from './upstream-schema';

export interface SourcePage {
  /** The source's page count in this answer, when it sent one. */
  pagecount?: number;
  /** Every vod_id the page listed (0 ids: a page past the end). */
  ids: number[];
  items: UpstreamVideo[];
  /** The class list, when the answer carried one (list answers do). */
  categories: SourceCategory[];
}

export type PageMode = 'videolist' | 'list';

export interface PageQuery {
  endpoint: URL;
  /** `h=` of an incremental sync. */
  hours: number | null;
  batchSize: number;
  policy: FetchPolicy;
}

const params = (q: PageQuery, ac: string, pg: number): Record<string, string> => ({ ac, pg: String(pg), ...(q.hours === null ? {} : { h: String(q.hours) }) });

function readVideolist(body: unknown): Read<SourcePage> {
  const list = readListPage(body);
  if (!list.ok) return list;
  const details = readDetails(body);
  if (!details.ok) return details;
  return { ok: true, value: { pagecount: list.value.pagecount, ids: list.value.ids, items: details.value.items, categories: list.value.categories }, skipped: details.skipped };
}

async function listPage(q: PageQuery, pg: number): Promise<Read<SourcePage>> {
  const list = await fetchRead(requestUrl(q.endpoint, params(q, 'list', pg)), q.policy, readListPage);
  if (!list.ok) return list;
  const { pagecount, ids, categories } = list.value;
  if (ids.length === 0) return { ok: true, value: { pagecount, ids, items: [], categories }, skipped: list.skipped };
  const details = await fetchDetails(q.endpoint, ids, q.batchSize, q.policy);
  if (!details.ok) return details;
  return { ok: true, value: { pagecount, ids, items: details.value, categories }, skipped: [...list.skipped, ...details.skipped] };
}

export function fetchPage(q: PageQuery, mode: PageMode, pg: number): Promise<Read<SourcePage>> {
  return mode === 'list' ? listPage(q, pg) : fetchRead(requestUrl(q.endpoint, params(q, 'videolist', pg)), q.policy, readVideolist);
}

/** The class list of the source (videolist answers carry none): the first list page's, or none when it fails. */
export async function fetchClasses(q: PageQuery): Promise<SourceCategory[]> {
  const list = await fetchRead(requestUrl(q.endpoint, { ac: 'list', pg: '1' }), q.policy, readListPage);
  return list.ok ? list.value.categories : [];
}

export interface Probe {
  mode: PageMode;
  /**
   * Where the pages are asked from: the given endpoint, or its XML form (at=xml) for a source whose JSON answer
   * is no MacCMS answer (an error page, HTML) but whose XML is; decode-body.ts reads XML into the same envelope.
   */
  endpoint: URL;
  /** The page's result when the probe settles it: a videolist answer, or a request that failed outright. */
  page?: Read<SourcePage>;
  /** The page count of a videolist answer without play urls (the list path's pages are the same). */
  pagecount?: number;
}

/** The endpoint asking MacCMS's XML answer. */
function asXml(endpoint: URL): URL {
  const url = new URL(endpoint);
  url.searchParams.set('at', 'xml');
  return url;
}

/** What one videolist answer says about the pages, `endpoint` being where it was asked. */
function probeOf(endpoint: URL, decoded: Decoded): Probe {
  if (!decoded.ok) return { mode: 'list', endpoint, page: decoded };
  const page = readVideolist(decoded.value);
  if (!page.ok) return { mode: 'list', endpoint };
  if (page.value.items.some((item) => item.vod_play_url.trim() !== '')) return { mode: 'videolist', endpoint, page };
  return { mode: 'list', endpoint, pagecount: page.value.items.length > 0 ? page.value.pagecount : undefined };
}

/**
 * Videolist when its answer for page `pg` carries play urls (that answer is kept for the page); else the list path.
 * When the source answers the JSON request with text that is no MacCMS answer (an error page) and the operator named
 * no `at`, the XML form is asked once: some sources answer only at=xml (issue 18). It is kept when it reads.
 */
export async function probeMode(q: PageQuery, pg: number): Promise<Probe> {
  const ask = (endpoint: URL) => fetchUpstream(requestUrl(endpoint, params(q, 'videolist', pg)), q.policy);
  const json = await ask(q.endpoint);
  if (json.ok || json.notMacCmsJson !== true || q.endpoint.searchParams.has('at')) return probeOf(q.endpoint, json);
  const xmlEndpoint = asXml(q.endpoint);
  const xml = await ask(xmlEndpoint);
  return xml.ok ? probeOf(xmlEndpoint, xml) : probeOf(q.endpoint, json);
}
