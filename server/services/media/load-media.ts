// An upstream media playlist, following a master to one variant (chosen by
// the engine's rules for a medium network: the server has no client
// measurement). Shared by the cleaned-playlist endpoint and the short-video
// worker.

import { parsePlaylist, selectVariant, type MediaPlaylist, type Variant } from '../../../workers/core/index';
import { mediaConfig } from './config';
import { fetchUpstreamText, type Upstream, type UpstreamOptions } from './fetch-upstream';
import { loadFailure } from './load-failures';

export interface LoadedMedia {
  playlist: MediaPlaylist;
  /** The variant followed, when src was a master playlist. */
  variant?: Variant;
}

async function fetchParsed(url: string, options: UpstreamOptions, imported?: Record<string, string>) {
  const fetched = await fetchUpstreamText(url, options);
  if (!fetched.ok) return fetched;
  const parsed = parsePlaylist(fetched.value.text, fetched.value.url, imported);
  if (!parsed.ok) return { ok: false as const, error: { kind: 'upstream' as const, code: 'UPSTREAM', message: loadFailure.unusable(parsed.error.message), retryable: false } };
  return { ok: true as const, value: parsed.playlist };
}

export async function loadMediaPlaylist(src: string, options: UpstreamOptions): Promise<Upstream<LoadedMedia>> {
  const first = await fetchParsed(src, options);
  if (!first.ok) return first;
  if (first.value.kind === 'media') return { ok: true, value: { playlist: first.value } };
  const variant = selectVariant(first.value, mediaConfig.variantNetwork);
  if (!variant) return { ok: false, error: { kind: 'upstream', code: 'UPSTREAM', message: loadFailure.noVariants, retryable: false } };
  // A variant may IMPORT the master's EXT-X-DEFINE values.
  const second = await fetchParsed(variant.url, options, first.value.variables);
  if (!second.ok) return second;
  if (second.value.kind !== 'media') return { ok: false, error: { kind: 'upstream', code: 'UPSTREAM', message: loadFailure.variantIsMaster, retryable: false } };
  return { ok: true, value: { playlist: second.value, variant } };
}
