// Media state mirroring (STYLE.md 8, after media-chrome's state mediator): ONE
// table says, per player-state key, which media events change it and how it
// is read from the <video>. State follows what the media confirms, never what
// we asked for: `muted` changes on volumechange, not when the toggle is hit.

import { mediaElementError } from './media-errors';
import { playbackTimingConfig } from './config';
import type { PlayerState, PlayerStatus } from './player-state';

/** The parts of an HTMLVideoElement the table reads (a fake EventTarget in tests). */
export interface MediaLike extends EventTarget {
  readonly currentTime: number;
  readonly duration: number;
  readonly muted: boolean;
  readonly ended: boolean;
  readonly buffered: { readonly length: number; start(index: number): number; end(index: number): number };
  readonly error: { readonly code: number; readonly message?: string } | null;
  readonly currentSrc: string;
}

export interface BindContext {
  /** True while the controller resets the element (its empty-source error is ignored). */
  resetting: () => boolean;
}

type Mirrored = Pick<PlayerState, 'status' | 'currentTime' | 'duration' | 'muted' | 'bufferedEnd' | 'error'>;

interface StateRule<K extends keyof Mirrored> {
  events: readonly string[];
  /** The new value after `event`, or undefined to leave the state as it is. */
  read(media: MediaLike, event: string, ctx: BindContext): Mirrored[K] | undefined;
}

function bufferedEnd(media: MediaLike): number {
  const t = media.currentTime;
  for (let i = 0; i < media.buffered.length; i++) {
    if (t >= media.buffered.start(i) && t <= media.buffered.end(i)) return media.buffered.end(i);
  }
  return t;
}

const errorOf = (media: MediaLike, ctx: BindContext) =>
  mediaElementError(media.error, { resetting: ctx.resetting(), hasSource: media.currentSrc !== '' });

const statusByEvent: Readonly<Record<string, PlayerStatus>> = {
  loadstart: 'loading',
  waiting: 'loading',
  playing: 'playing',
  pause: 'paused',
  ended: 'paused',
};

/** The table: state key -> {events that change it, how to read it}. */
export const mediaStateTable: { [K in keyof Mirrored]: StateRule<K> } = {
  status: {
    events: ['loadstart', 'waiting', 'playing', 'pause', 'ended', 'error'],
    read: (media, event, ctx) => {
      if (event === 'error') return errorOf(media, ctx) ? 'error' : undefined;
      if (event === 'loadstart' && ctx.resetting()) return undefined;
      return statusByEvent[event];
    },
  },
  error: {
    events: ['error', 'playing', 'loadstart'],
    read: (media, event, ctx) => (event === 'error' ? (errorOf(media, ctx) ?? undefined) : null),
  },
  currentTime: {
    events: ['timeupdate', 'seeking', 'seeked', 'loadedmetadata', 'emptied', 'ended'],
    read: (media) => media.currentTime,
  },
  duration: {
    events: ['durationchange', 'loadedmetadata', 'emptied'],
    read: (media) => (Number.isFinite(media.duration) ? media.duration : 0),
  },
  muted: {
    events: ['volumechange', 'loadedmetadata'],
    read: (media) => media.muted,
  },
  bufferedEnd: {
    events: ['progress', 'timeupdate', 'seeked', 'emptied'],
    read: (media) => bufferedEnd(media),
  },
};

export interface BindOptions {
  now?: () => number;
  resetting?: () => boolean;
  /** timeupdate fires ~4-66 times a second; mirror it at most every 250 ms (spec 1 §9). */
  timeUpdateThrottleMs?: number;
}

/** Registers one listener per media event of the table; the returned function removes exactly those. */
export function bindMedia(media: MediaLike, state: PlayerState, options: BindOptions = {}): () => void {
  const now = options.now ?? (() => performance.now());
  const throttleMs = options.timeUpdateThrottleMs ?? playbackTimingConfig.timeUpdateThrottleMs;
  const ctx: BindContext = { resetting: options.resetting ?? (() => false) };
  const keysByEvent = new Map<string, (keyof Mirrored)[]>();
  for (const key of Object.keys(mediaStateTable) as (keyof Mirrored)[]) {
    for (const event of mediaStateTable[key].events) keysByEvent.set(event, [...(keysByEvent.get(event) ?? []), key]);
  }
  let lastTimeUpdate = Number.NEGATIVE_INFINITY;
  const listeners: [string, () => void][] = [];
  for (const [event, keys] of keysByEvent) {
    const listener = () => {
      if (event === 'timeupdate') {
        const t = now();
        if (t - lastTimeUpdate < throttleMs) return;
        lastTimeUpdate = t;
      }
      for (const key of keys) {
        const value = (mediaStateTable[key] as StateRule<typeof key>).read(media, event, ctx);
        if (value !== undefined && state[key] !== value) (state as Record<keyof Mirrored, unknown>)[key] = value;
      }
    };
    media.addEventListener(event, listener);
    listeners.push([event, listener]);
  }
  return () => {
    for (const [event, listener] of listeners) media.removeEventListener(event, listener);
  };
}
