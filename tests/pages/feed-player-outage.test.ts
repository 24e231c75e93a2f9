// A clip that cannot be prepared because the server cannot be reached is not
// skipped (issue 16 point 4): it waits, and is prepared and shown when the
// server answers again.

import { describe, expect, it } from 'vitest';
import type { ClipPrep, Prepared } from '../../src/feed/clip-prep';
import type { FeedVideoItem } from '../../src/feed/feed-item';
import { createFeedPlayer } from '../../src/feed/playback/feed-player';
import { createHlsPool, type HlsLike } from '../../src/player/hls-pool';
import type { PreparedClip } from '../../workers/core/types';
import { flush, scriptedConnection } from '../app/helpers/scripted-connection';
import { FakeHls, FakeVideo } from '../player/helpers/fake-media';

const item = (id: string): FeedVideoItem => ({ id, vod_id: Number(id), isAd: false, title: id, pic: '', url: '', remarks: '', area: '', year: '', typeName: '', vod_play_url: '', vod_play_from: '', isShortVideo: false });
const clip = { url: 'http://127.0.0.1/1.m3u8', clipPlaylist: '#EXTM3U\n', playlists: {}, clip: { start: 0, end: 40, clipStartIdx: 0, clipEndIdx: 9 }, adIntervals: [] } as unknown as PreparedClip;
const unreachable: Prepared = { ok: false, error: { code: 'NETWORK_ERROR', message: 'Network error: Failed to fetch', retryable: true } };

function setup() {
  const c = scriptedConnection({ up: false });
  const created: FakeHls[] = [];
  const pool = createHlsPool({ create: () => (created.push(new FakeHls()), created.at(-1) as unknown as HlsLike), workerPath: null });
  const asked: string[] = [];
  const prep = {
    prepare: async (i: FeedVideoItem) => (asked.push(i.id), c.link.isOffline() ? unreachable : ({ ok: true, clip } as Prepared)),
    ready: () => null,
    retain: () => undefined,
  } as unknown as ClipPrep;
  const seen: string[] = [];
  const events = { playing: (i: { id: string }) => seen.push(`playing ${i.id}`), ended: () => undefined, skip: (i: { id: string }) => seen.push(`skip ${i.id}`), error: (i: { id: string }) => seen.push(`error ${i.id}`) };
  const video = new FakeVideo() as unknown as HTMLVideoElement;
  const player = createFeedPlayer(video, pool, prep, events, { connection: c.link, capability: () => 'hls.js' });
  return { c, created, asked, seen, video, player };
}

describe('feed player: a clip the outage keeps from being prepared', () => {
  it('waits instead of being skipped, and is prepared and shown when the server answers', async () => {
    const { c, created, asked, seen, video, player } = setup();
    await c.link.check();
    player.show(item('1'), true, video);
    await flush();
    await c.advance(2000);
    expect(seen).toEqual([]);
    expect(asked).toEqual(['1']);
    c.setUp(true);
    await c.advance(4000);
    await flush();
    expect(asked).toEqual(['1', '1']);
    expect(created).toHaveLength(1);
    expect(created[0].media).toBe(video);
    expect(seen).toEqual([]);
    player.destroy();
  });

  it('a swipe to another item stops the wait: only the item on screen is prepared again', async () => {
    const { c, asked, video, player } = setup();
    await c.link.check();
    player.show(item('1'), true, video);
    await flush();
    player.show(item('2'), true, video);
    await flush();
    c.setUp(true);
    await c.advance(2000);
    await flush();
    expect(asked).toEqual(['1', '2', '2']);
    player.destroy();
  });
});
