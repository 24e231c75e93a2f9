// Catalogue videos -> feed items with play addresses. MacCMS ac=list items
// carry no vod_play_url, so the ones without an address are read again with
// ac=detail (one call for all of them); videos still without one are dropped.

import type { CatalogueClient, CatalogueError, CatalogueVideo } from '../api/catalogue';
import { requestTimeoutMs } from '../api/request-timeout';
import { itemPlayAddress } from '../../workers/core/play-url';
import { toFeedItems, type FeedVideoItem } from './feed-item';

export type PlayableResult = { ok: true; value: FeedVideoItem[] } | { ok: false; error: CatalogueError };

export async function playableItems(
  catalogue: Pick<CatalogueClient, 'detail'>,
  videos: readonly CatalogueVideo[],
  options: { lang: string; timeoutMs?: number; signal?: AbortSignal },
): Promise<PlayableResult> {
  const missing = videos.filter((v) => itemPlayAddress(v as unknown as Record<string, unknown>) === null).map((v) => v.vod_id);
  if (missing.length === 0) return { ok: true, value: toFeedItems(videos) };
  const detail = await catalogue.detail(missing, { lang: options.lang, timeoutMs: options.timeoutMs ?? requestTimeoutMs(), signal: options.signal });
  if (!detail.ok) return detail;
  const byId = new Map(detail.value.map((v) => [v.vod_id, v]));
  return { ok: true, value: toFeedItems(videos.map((v) => byId.get(v.vod_id) ?? v)) };
}
