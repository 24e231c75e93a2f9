// The short-video service: what the routes call.

export { clipConfigSchema, toClipRequest } from './clip-request';
export { clipTotals, deleteShortVideo, getShortVideo, listShortVideos, recordPlay } from './clips-repo';
export { shortVideoConfig } from './config';
export { requestAllClips, requestClip, requestClips } from './generate';
export { getTask, taskCounts } from './tasks-repo';
export { shortVideoJson, taskJson } from './views';
export { createTaskWorker, type TaskWorker } from './worker';
