// The playlist fetch with the address rows of spec 3 §8's recovery table: a
// playlist address that answers HTTP 404, or fails on the network (a browser's
// fetch reports ERR_CONTENT_DECODING_FAILED as a plain network failure), is
// tried again with the addresses repairCandidates gives (decoded and
// re-encoded, then the path simplified to index.m3u8). Every playlist the
// engine loads comes through here, so the page's players only ever see an
// address that answered; the rule itself lives in workers/core/url-repair.ts.

import { repairCandidates, type AddressFailure } from '../core/url-repair';
import { EngineErrorCode, type EngineError, type Result } from '../core/types';
import { fetchPlaylist, type FetchedPlaylist, type FetchPlaylistOptions } from './fetch-playlist';

const HTTP_NOT_FOUND = 404;

/** Which address row a failure falls under, or null when another address would not help. */
function addressFailure(error: EngineError): AddressFailure | null {
  if (error.code === EngineErrorCode.Http && error.status === HTTP_NOT_FOUND) return 'not-found';
  if (error.code === EngineErrorCode.Network) return 'decoding';
  return null;
}

/** fetchPlaylist, then the repaired addresses in order when the first failure calls for them; the first failure when none answers. */
export async function fetchPlaylistRepaired(url: string, options: FetchPlaylistOptions = {}): Promise<Result<FetchedPlaylist>> {
  const first = await fetchPlaylist(url, options);
  if (first.ok) return first;
  const failure = addressFailure(first.error);
  if (!failure) return first;
  for (const candidate of repairCandidates(url, failure)) {
    const next = await fetchPlaylist(candidate, options);
    if (next.ok || next.error.code === EngineErrorCode.Aborted) return next;
  }
  return first;
}
