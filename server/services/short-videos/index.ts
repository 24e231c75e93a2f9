// The short-video service: what the routes call.

export { clipConfigSchema, toClipRequest, readClipRequest, type ClipRequest, type ClipConfigInput } from './clip-request';
export { clipTotals, deleteShortVideo, getShortVideo, listShortVideos, recordPlay, type ListQuery, type OrderBy, type ShortVideoRow } from './clips-repo';
export { shortVideoConfig, TaskStatus } from './config';
export { cutClip, type CutClip, type CutOutcome } from './cut';
export { requestAllClips, requestClip, requestClips } from './generate';
export { getTask, taskCounts, type TaskRow } from './tasks-repo';
export { shortVideoJson, shortVideoPlaylistUrl, taskJson } from './views';
export { createTaskWorker, type TaskWorker, type WorkerOptions } from './worker';
