// Short-video service constants (spec 1 §7, §9; the clip rules are the engine's, spec 3 §9).

import { clipConfig } from '../../../workers/core/index';

export const shortVideoConfig = {
  defaultPageSize: 20, // page_size default (spec 1 §7)
  maxPageSize: 100, // page size max 100 (spec 1 §9); larger is a bad request, as in the catalogue
  orderBy: ['created_at', 'play_count', 'id'], // accepted order_by values
  maxBatch: 100, // video_ids per batch-generate
  minDurationSeconds: clipConfig.minSeconds, // a requested clip duration is 30-75 s, like the engine's own clips
  maxDurationSeconds: clipConfig.maxSeconds,
  maxRangeSeconds: 300, // an explicit start/end range may be longer than an engine clip, but stays short
  pollMs: 2_000, // an idle worker looks for tasks (e.g. made by another process) this often
  leaseMs: 120_000, // a task 'running' untouched this long was left by a crashed process: run it again
  maxAttempts: 3, // a task that took its process down this many times is failed instead
  fetchAttempts: 4, // a transient upstream failure (5xx, 429, reset, time-out) is tried this many times in all...
  retryBaseMs: 1_000, // ...pausing 1 s, then 2 s, then 4 s between tries
  insertChunk: 500, // tasks per INSERT in generate-all
  maxErrorLength: 500, // error_message is cut to this many characters
  playlistMaxAgeS: 300, // a clip playlist never changes under its id
  ipMaxLength: 64, // play record limits
  userAgentMaxLength: 512,
  refererMaxLength: 2048,
} as const;

/** Task states; a task moves pending -> running -> completed | failed. */
export const TaskStatus = {
  Pending: 'pending',
  Running: 'running',
  Completed: 'completed',
  Failed: 'failed',
} as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];
