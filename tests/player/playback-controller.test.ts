import { ErrorDetails, ErrorTypes } from 'hls.js';
import { describe, expect, it } from 'vitest';
import { playbackTimingConfig } from '../../src/player/config';
import { flush, prepared, setup as setupWith } from './helpers/controller-setup';
import { FakeVideo } from './helpers/fake-media';

const setup = (announcesAttach = true) => setupWith({ announcesAttach });

const fragError = { fatal: true, type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.FRAG_LOAD_ERROR };

describe('playback controller', () => {
  it('attaches the pooled instance, reports playing once, and the clip end', async () => {
    const { created, video, events, controller, state } = setup();
    controller.show('a', prepared, { mode: 'clip', muted: true });
    expect(state.status).toBe('switching');
    expect(created).toHaveLength(1);
    expect(created[0].media).toBe(video);
    expect(video.muted).toBe(true);
    video.dispatchEvent(new Event('playing'));
    video.dispatchEvent(new Event('playing'));
    video.ended = true;
    video.dispatchEvent(new Event('ended'));
    expect(events).toEqual([{ type: 'playing', key: 'a' }, { type: 'clip-ended', key: 'a' }]);
  });

  it('retries fragment errors on the table schedule, then asks the feed to skip', async () => {
    const { created, video, events, controller, advance } = setup();
    controller.show('a', prepared, { mode: 'clip', muted: true });
    video.dispatchEvent(new Event('playing'));
    const hls = created[0];
    // Spread out so the error loop guard (3 within 5 s) does not trip first.
    for (let i = 0; i < 4; i++) {
      hls.emit('hlsError', fragError);
      advance(6000);
    }
    expect(hls.startLoads).toHaveLength(4);
    hls.emit('hlsError', fragError);
    // No answer came for the fragment: the server is asked before the item is given up (it answers here).
    await flush();
    advance(2999);
    expect(events.filter((e) => e.type === 'skip')).toHaveLength(0);
    advance(1);
    expect(events.at(-1)).toMatchObject({ type: 'skip', key: 'a', reason: 'fragment-load' });
  });

  it('the error loop guard skips when the same error repeats 3 times within 5 s and there is no emergency clip to return', async () => {
    const { created, events, controller, advance } = setup();
    controller.show('a', prepared, { mode: 'clip', muted: true });
    for (let i = 0; i < 2; i++) created[0].emit('hlsError', fragError);
    advance(0);
    expect(events).toEqual([]);
    created[0].emit('hlsError', fragError);
    await flush();
    advance(0);
    expect(events.at(-1)).toMatchObject({ type: 'skip', reason: `error-loop:${ErrorDetails.FRAG_LOAD_ERROR}` });
  });

  it('restarts loading twice on the loading timeout, then skips at the 30 s play start limit', async () => {
    const { created, events, controller, advance } = setup();
    controller.show('a', prepared, { mode: 'clip', muted: true });
    advance(8000);
    expect(created[0].startLoads).toHaveLength(1);
    advance(16_000);
    expect(created[0].startLoads).toHaveLength(2);
    expect(events).toHaveLength(0);
    advance(6000);
    await flush();
    expect(events).toEqual([{ type: 'skip', key: 'a', reason: 'play-timeout', messageKey: 'player:playTimeout' }]);
  });

  it('the media attach timeout (10 s) skips when hls.js never reports the attachment', () => {
    const { events, controller, advance } = setup(false);
    controller.show('a', prepared, { mode: 'clip', muted: true });
    advance(9999);
    expect(events).toHaveLength(0);
    advance(1);
    expect(events).toEqual([{ type: 'skip', key: 'a', reason: 'media-attach-timeout', messageKey: 'player:mediaAttachTimeout' }]);
  });

  it('seek is clamped to 0..duration; switching releases the previous instance', () => {
    const { created, video, controller } = setup();
    controller.show('a', prepared, { mode: 'clip', muted: true });
    controller.seek(99);
    expect(video.currentTime).toBe(40);
    controller.seek(-3);
    expect(video.currentTime).toBe(0);
    controller.show('b', { ...prepared, url: 'http://cdn.test/w.m3u8' }, { mode: 'clip', muted: false });
    expect(created[0].media).toBeNull();
    expect(created[1].media).toBe(video);
    controller.destroy();
  });

  it('plays in the element a show passes: events and state follow it, the old element is let go', () => {
    const { created, pool, video, events, state, controller, advance } = setup();
    controller.show('a', prepared, { mode: 'clip', muted: true });
    video.dispatchEvent(new Event('playing'));
    // The incoming slide's element already holds the next instance (attached while the slide moved).
    const incoming = new FakeVideo();
    const next = { ...prepared, url: 'http://cdn.test/w.m3u8' };
    pool.preload('clip:b', { url: next.url, playlists: new Map(), mode: 'clip' });
    pool.attach('clip:b', incoming as unknown as HTMLVideoElement, { exclusive: false });
    expect(created[0].media).toBe(video);
    video.paused = false;
    controller.show('b', next, { mode: 'clip', muted: false, video: incoming as unknown as HTMLVideoElement });
    // The outgoing element is paused at once and let go a moment later (its teardown does not delay the new clip).
    expect(video.paused).toBe(true);
    expect(created[0].media).toBe(video);
    expect(created[1].media).toBe(incoming);
    advance(playbackTimingConfig.releaseOutgoingAfterMs);
    expect(created[0].media).toBeNull();
    expect(created).toHaveLength(2); // the attached instance is used as it is
    expect(incoming.muted).toBe(false);
    // The old element no longer drives anything.
    video.dispatchEvent(new Event('pause'));
    video.dispatchEvent(new Event('playing'));
    expect(state.status).not.toBe('paused');
    expect(events.filter((e) => e.key === 'b')).toEqual([]);
    incoming.dispatchEvent(new Event('playing'));
    expect(state.status).toBe('playing');
    expect(events.at(-1)).toEqual({ type: 'playing', key: 'b' });
    controller.seek(12);
    expect(incoming.currentTime).toBe(12);
    expect(video.currentTime).toBe(0);
    controller.destroy();
  });
});
