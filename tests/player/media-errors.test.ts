import { describe, expect, it } from 'vitest';
import { isNetworkError, mediaElementError, messageForError, playerErrorFromText } from '../../src/player/media-errors';
import { detectCapability, nativeCleanPlaylistUrl } from '../../src/player/native-hls';
import { playbackSource } from '../../src/player/playback-source';
import type { PreparedClip } from '../../workers/core/types';

const live = { resetting: false, hasSource: true };

describe('media error codes', () => {
  it('map to message keys with retryable flags; unknown keeps its code', () => {
    expect(mediaElementError({ code: 1 }, live)).toMatchObject({ messageKey: 'player:mediaAborted', retryable: true });
    expect(mediaElementError({ code: 2 }, live)).toMatchObject({ messageKey: 'player:mediaNetwork', retryable: true });
    expect(mediaElementError({ code: 3 }, live)).toMatchObject({ messageKey: 'player:mediaDecode', retryable: false });
    expect(mediaElementError({ code: 4, message: 'DEMUXER_ERROR' }, live)).toMatchObject({ messageKey: 'player:mediaSrcNotSupported' });
    expect(mediaElementError({ code: 9 }, live)).toMatchObject({ code: 'MEDIA_ERR_UNKNOWN', params: { code: 9 } });
  });

  it('ignores the empty-source error of a reset', () => {
    expect(mediaElementError({ code: 4, message: 'MEDIA_ELEMENT_ERROR: Empty src attribute' }, live)).toBeNull();
    expect(mediaElementError({ code: 4 }, { resetting: false, hasSource: false })).toBeNull();
    expect(mediaElementError({ code: 3 }, { resetting: true, hasSource: true })).toBeNull();
  });
});

describe('error messages by text (spec 3 §8)', () => {
  it("network, decode/format, timeout, hls, else the error's own message, else 'try another route'", () => {
    expect(messageForError('Network error while loading')).toBe('player:networkConnectionError');
    expect(messageForError('Decode failure')).toBe('player:videoFormatNotSupported');
    expect(messageForError('bad format')).toBe('player:videoFormatNotSupported');
    expect(messageForError('Playlist timeout: no answer within 3000 ms.')).toBe('player:connectionTimeout');
    expect(messageForError('HLS fatal')).toBe('player:hlsError');
    expect(messageForError('weird', 'player:playbackFailed')).toBe('player:playbackFailed');
    expect(messageForError('weird')).toBe('player:tryOtherRoute');
    expect(messageForError('  ')).toBe('player:tryOtherRoute');
  });

  it('a player error from a text: its mapped message, retryable when the text is a network failure', () => {
    expect(playerErrorFromText('X', 'Failed to fetch', 'player:playbackFailed')).toEqual({ code: 'X', messageKey: 'player:playbackFailed', retryable: true });
    expect(playerErrorFromText('X', 'network error')).toEqual({ code: 'X', messageKey: 'player:networkConnectionError', retryable: true });
    expect(playerErrorFromText('X', 'bad format')).toEqual({ code: 'X', messageKey: 'player:videoFormatNotSupported', retryable: false });
  });

  it('recognises network errors by text or media code', () => {
    for (const m of ['Failed to fetch', 'CORS blocked', 'net::ERR_CONNECTION_REFUSED', 'HTTP 503', 'DNS lookup failed', 'offline']) {
      expect(isNetworkError(m)).toBe(true);
    }
    expect(isNetworkError('nothing special')).toBe(false);
    expect(isNetworkError('', 2)).toBe(true);
    expect(isNetworkError('', 3)).toBe(false);
  });
});

describe('native HLS', () => {
  it('checks hls.js first, then native, else unsupported', () => {
    expect(detectCapability({ hlsSupported: () => true, canPlayType: () => 'maybe' })).toBe('hls.js');
    expect(detectCapability({ hlsSupported: () => false, canPlayType: () => 'maybe' })).toBe('native');
    expect(detectCapability({ hlsSupported: () => false, canPlayType: () => '' })).toBe('unsupported');
  });

  it('builds the cleaned-playlist URL the server expects', () => {
    const url = new URL(nativeCleanPlaylistUrl('http://cdn.test/a b.m3u8?x=1', { start: 12.34567, end: 60 }), 'http://app.test');
    expect(url.pathname).toBe('/api/v2/hls/clean.m3u8');
    expect(url.searchParams.get('src')).toBe('http://cdn.test/a b.m3u8?x=1');
    expect(url.searchParams.get('start')).toBe('12.346');
    expect(url.searchParams.get('end')).toBe('60');
    expect(nativeCleanPlaylistUrl('http://cdn.test/a.m3u8')).toBe('/api/v2/hls/clean.m3u8?src=http%3A%2F%2Fcdn.test%2Fa.m3u8');
  });
});

describe('playback source', () => {
  const prepared = {
    url: 'http://cdn.test/v.m3u8',
    clipPlaylist: 'CLIP',
    clip: { start: 30, end: 70, clipStartIdx: 3, clipEndIdx: 6 },
    adIntervals: [{ start: 0, end: 15, index: 0 }],
  } as PreparedClip;

  it('clip mode plays the clip text; full mode the clean text without skipping, else the original with ad skipping', () => {
    const clip = playbackSource(prepared, 'clip');
    expect(clip.playlists.get(prepared.url)).toBe('CLIP');
    expect(clip.adIntervals).toEqual([]);
    expect(clip.nativeUrl).toContain('start=30');
    const clean = playbackSource({ ...prepared, fullPlaylist: 'FULL' }, 'full');
    expect(clean.playlists.get(prepared.url)).toBe('FULL');
    expect(clean.adIntervals).toEqual([]);
    const original = playbackSource(prepared, 'full');
    expect(original.playlists.size).toBe(0);
    expect(original.adIntervals).toEqual(prepared.adIntervals);
  });
});
