// A clip that fails because the server cannot be reached is not a broken clip
// (issue 16 point 4): the controller holds it where it is (no skip, no other
// player, no emergency clip), and shows it again from where it was when the
// server answers. Over fake hls.js instances and <video>, with the real
// connection module over a server the test switches off and on.

import { ErrorDetails, ErrorTypes } from 'hls.js';
import { describe, expect, it } from 'vitest';
import type { PreparedClip } from '../../workers/core/types';
import { scriptedConnection } from '../app/helpers/scripted-connection';
import { flush, prepared, setup } from './helpers/controller-setup';

const fragError = { fatal: true, type: ErrorTypes.NETWORK_ERROR, details: ErrorDetails.FRAG_LOAD_ERROR };
const nonFatalFragError = { ...fragError, fatal: false };
const codecError = { fatal: true, type: ErrorTypes.MEDIA_ERROR, details: ErrorDetails.BUFFER_ADD_CODEC_ERROR };
const emergency = { ...prepared, clip: { start: 0, end: 60, clipStartIdx: 0, clipEndIdx: 14, fallback: 'emergency' } } as unknown as PreparedClip;

function outage(up: boolean) {
  const c = scriptedConnection({ up });
  const asked: string[] = [];
  const player = setup({ connection: c.link, players: () => ({ hls: true, native: true }), emergencyClip: async (key) => (asked.push(key), emergency) });
  return { c, asked, ...player };
}

describe('the player during an outage', () => {
  it('fragments failing while the server is down: the item is held, neither skipped nor moved to another player or clip, whatever the time', async () => {
    const { c, asked, created, video, events, controller, advance } = outage(false);
    controller.show('a', prepared, { mode: 'clip', muted: true });
    video.dispatchEvent(new Event('playing'));
    video.currentTime = 12;
    // The first sign (hls.js still retrying on its own) already asks the server.
    created[0].emit('hlsError', nonFatalFragError);
    await flush();
    expect(c.state.offline).toBe(true);
    for (let i = 0; i < 6; i++) created[0].emit('hlsError', fragError);
    await flush();
    advance(120_000);
    await flush();
    expect(events).toEqual([{ type: 'playing', key: 'a' }]);
    expect(asked).toEqual([]);
    expect(video.src).toBe('');
    expect(created).toHaveLength(1);

    // The server answers again: the same item, a fresh hls.js instance on the same element, from 12 s.
    c.setUp(true);
    await c.advance(2000);
    expect(c.state.offline).toBe(false);
    expect(created).toHaveLength(2);
    expect(created[0].destroyed).toBe(true);
    expect(created[1].media).toBe(video);
    // The new source starts at 0; once its metadata is in, playback goes back to where it was.
    video.currentTime = 0;
    video.readyState = 1;
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(video.currentTime).toBe(12);
    expect(events).toEqual([{ type: 'playing', key: 'a' }]);
  });

  it('a clip that never starts while the server is down waits instead of being skipped at the start limit', async () => {
    const { c, events, controller, advance } = outage(false);
    controller.show('a', prepared, { mode: 'clip', muted: true });
    advance(30_000);
    await flush();
    advance(60_000);
    await flush();
    expect(events).toEqual([]);
    expect(c.state.offline).toBe(true);
  });

  it('the same failures with the server answering are the stream’s: the emergency clip, then the next video', async () => {
    const { asked, created, events, controller, advance } = outage(true);
    controller.show('a', prepared, { mode: 'clip', muted: true });
    for (let i = 0; i < 3; i++) created[0].emit('hlsError', fragError);
    await flush();
    expect(asked).toEqual(['a']);
    for (let i = 0; i < 3; i++) created[1].emit('hlsError', fragError);
    await flush();
    advance(0);
    expect(events.at(-1)).toMatchObject({ type: 'skip', key: 'a', reason: 'error-loop:fragLoadError' });
  });

  it('a codec failure is the stream’s: it climbs the ladder at once, without asking the server', () => {
    const { c, created, video, controller } = outage(true);
    controller.show('a', prepared, { mode: 'clip', muted: true });
    created[0].emit('hlsError', codecError);
    expect(video.src).toContain('clean.m3u8');
    expect(c.probes).toEqual([]);
  });
});
