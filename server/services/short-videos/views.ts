// Rows -> the JSON the short-video service answers with (spec 1 §3: id,
// original_id, title, m3u8_url, created_at; the rest is ours).

import type { ShortVideoRow } from './clips-repo';
import type { TaskRow } from './tasks-repo';

/** The clip playlist's path; absolute under PUBLIC_URL when set, else root-relative (same origin as the API). */
export function shortVideoPlaylistUrl(id: number, publicUrl?: string): string {
  const path = `/api/v2/short-videos/${id}/index.m3u8`;
  return publicUrl ? `${publicUrl.replace(/\/+$/, '')}${path}` : path;
}

export function shortVideoJson(row: ShortVideoRow, publicUrl?: string) {
  return {
    id: row.id,
    original_id: row.originalId,
    title: row.title,
    m3u8_url: shortVideoPlaylistUrl(row.id, publicUrl),
    created_at: row.createdAt.toISOString(),
    start: row.startSec,
    end: row.endSec,
    duration: Math.round((row.endSec - row.startSec) * 1000) / 1000,
    play_count: row.playCount,
    ad_segments: row.adSegments,
    source_url: row.sourceUrl,
  };
}

export function taskJson(row: TaskRow) {
  return {
    task_id: row.id,
    video_id: row.videoId,
    status: row.status,
    error_message: row.errorMessage,
    short_video_id: row.shortVideoId,
    attempts: row.attempts,
    config: row.config,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
