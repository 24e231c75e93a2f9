// One generation task: the catalogue video -> its first HLS route -> the
// media playlist (a master is followed to a variant) -> the engine's clip ->
// a stored short video. Never throws: the outcome says what to record.

import { detectAds, itemPlayAddress } from '../../../workers/core/index';
import type { Db } from '../../db/client';
import type { HostAllowList } from '../media/allowed-hosts';
import { loadMediaPlaylist } from '../media/load-media';
import type { MediaProber } from '../media/probe-run';
import type { UpstreamPolicy } from '../../net/upstream-policy';
import { getVideo } from '../catalogue/index';
import { readClipRequest } from './clip-request';
import { insertShortVideo } from './clips-repo';
import { shortVideoConfig } from './config';
import { cutClip } from './cut';
import type { TaskRow } from './tasks-repo';

export type TaskOutcome = { kind: 'completed'; shortVideoId: number } | { kind: 'failed'; message: string } | { kind: 'interrupted' };

export interface RunDeps {
  db: Db;
  allowList: HostAllowList;
  /** What upstream fetches may reach (server/net/upstream-policy.ts). */
  policy: UpstreamPolicy;
  /** The media probe (issue 19): the clip is cut from a playlist without the ads only the media reveals; absent = text only. */
  prober?: MediaProber;
  signal: AbortSignal;
}

/** Waits `ms`, or less when the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * The playlist, fetched again with a growing pause after a transient failure
 * (a 5xx or 429, a reset or timed-out connection), a bounded number of times:
 * one hiccup of a source must not fail a task for good. Refusals and 4xx are final.
 */
async function loadWithRetries(src: string, deps: RunDeps) {
  const { fetchAttempts, retryBaseMs } = shortVideoConfig;
  for (let attempt = 1; ; attempt++) {
    const loaded = await loadMediaPlaylist(src, { allowList: deps.allowList, policy: deps.policy, signal: deps.signal });
    if (loaded.ok || !loaded.error.retryable || attempt >= fetchAttempts || deps.signal.aborted) return loaded;
    await pause(retryBaseMs * 2 ** (attempt - 1), deps.signal);
  }
}

export async function runTask(task: TaskRow, deps: RunDeps): Promise<TaskOutcome> {
  const video = await getVideo(deps.db, task.videoId);
  if (!video) return { kind: 'failed', message: `Video ${task.videoId} is not in the catalogue.` };
  const src = itemPlayAddress({ vod_play_url: video.vodPlayUrl });
  if (!src) return { kind: 'failed', message: `Video ${task.videoId} has no http(s) m3u8 play address.` };
  const loaded = await loadWithRetries(src, deps);
  if (!loaded.ok) return loaded.error.kind === 'aborted' ? { kind: 'interrupted' } : { kind: 'failed', message: loaded.error.message };
  const playlist = loaded.value.playlist;
  // A failed or timed-out probe leaves the text detector's result.
  const probed = deps.prober ? await deps.prober.probe(playlist, detectAds(playlist, { playFrom: video.vodPlayFrom }), deps.signal) : null;
  if (deps.signal.aborted) return { kind: 'interrupted' };
  const cut = cutClip(playlist, readClipRequest(task.config), { seed: task.id, playFrom: video.vodPlayFrom, extraAds: probed?.adSegments });
  if (!cut.ok) return { kind: 'failed', message: cut.message };
  if (deps.signal.aborted) return { kind: 'interrupted' };
  const row = await insertShortVideo(deps.db, {
    originalId: video.vodId,
    title: video.vodNamePt || video.vodName,
    sourceUrl: loaded.value.playlist.url,
    playlist: cut.value.playlist,
    startSec: cut.value.start,
    endSec: cut.value.end,
    adSegments: cut.value.adSegments,
  });
  return { kind: 'completed', shortVideoId: row.id };
}
