// The app's watch flow for server tests: catalogue videos to watch, a ticket
// from video/start, then video/watch with it.

import { expect } from 'vitest';
import { videos } from '../../../server/db/schema/catalogue';
import type { TestApp } from './test-app';

/** Catalogue rows with these vod_ids (created once per app). */
export async function seedVideos(t: TestApp, ids: number[]): Promise<void> {
  await t.app.db
    .insert(videos)
    .values(ids.map((vodId) => ({ vodId, typeId: 1, vodName: `Video ${vodId}`, sourceKey: `test:${vodId}` })))
    .onConflictDoNothing();
}

export async function startVideo(t: TestApp, credential: string, videoId: unknown) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/player/video/start', payload: { credential, video_id: videoId } });
  return { status: res.statusCode, body: res.json() };
}

/** A ticket for the video (the call must succeed). */
export async function ticketFor(t: TestApp, credential: string, videoId: number): Promise<string> {
  const r = await startVideo(t, credential, videoId);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.ticket as string;
}

export async function watchVideo(t: TestApp, credential: string, videoId: unknown, ticket?: unknown) {
  const payload: Record<string, unknown> = { credential, video_id: videoId };
  if (ticket !== undefined) payload.ticket = ticket;
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/player/video/watch', payload });
  return { status: res.statusCode, body: res.json() };
}

/** Start then watch, as the app does (the app's POINTS_MIN_WATCH_S must be 0, or its clock moved in between). */
export async function startAndWatch(t: TestApp, credential: string, videoId: number) {
  return watchVideo(t, credential, videoId, await ticketFor(t, credential, videoId));
}
