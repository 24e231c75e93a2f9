// A playback controller over fakes (pool of FakeHls, a FakeVideo, fake
// timers): what the controller tests drive. Options set the page's players
// and the emergency clip source the feed would give.

import { createHlsPool, type HlsLike } from '../../../src/player/hls-pool';
import { createPlaybackController, type PlaybackControllerOptions, type PlaybackEvent } from '../../../src/player/playback-controller';
import { createPlayerState } from '../../../src/player/player-state';
import type { Timers } from '../../../src/lib/timers';
import type { ConnectionGate } from '../../../src/player/playback-session';
import type { PreparedClip } from '../../../workers/core/types';
import { FakeHls, FakeVideo } from './fake-media';

export function fakeTimers() {
  let now = 0;
  let id = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      queue.set(++id, { at: now + ms, fn });
      return id as never;
    },
    clearTimeout: (t) => void queue.delete(t as unknown as number),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...queue].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      queue.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = end;
  };
  return { timers, advance };
}

export const prepared = {
  url: 'http://cdn.test/v.m3u8',
  clipPlaylist: '#EXTM3U\n',
  clip: { start: 0, end: 40, clipStartIdx: 0, clipEndIdx: 9 },
  adIntervals: [],
} as unknown as PreparedClip;

/** Lets promise callbacks run (the connection's answer, an emergency clip) before the test goes on. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A connection whose server always answers: failures are the content's (the outage tests bring their own). */
export const onlineConnection: ConnectionGate = { isOffline: () => false, check: async () => true, onResume: () => () => undefined };

export interface SetupOptions extends Pick<PlaybackControllerOptions, 'capability' | 'players' | 'emergencyClip' | 'connection'> {
  /** hls.js reports the media attached (false: an attach that never completes). */
  announcesAttach?: boolean;
}

export function setup(options: SetupOptions = {}) {
  const created: FakeHls[] = [];
  const { timers, advance } = fakeTimers();
  const pool = createHlsPool({
    create: () => {
      const h = new FakeHls(options.announcesAttach ?? true);
      created.push(h);
      return h as unknown as HlsLike;
    },
    now: timers.now,
    workerPath: null,
  });
  const video = new FakeVideo();
  const events: PlaybackEvent[] = [];
  const state = createPlayerState();
  const controller = createPlaybackController({
    video: video as unknown as HTMLVideoElement,
    pool,
    onEvent: (e) => events.push(e),
    state,
    timers,
    capability: options.capability ?? (() => 'hls.js'),
    players: options.players ?? (() => ({ hls: true, native: false })),
    emergencyClip: options.emergencyClip,
    connection: options.connection ?? onlineConnection,
  });
  return { created, pool, video, events, state, controller, advance };
}
