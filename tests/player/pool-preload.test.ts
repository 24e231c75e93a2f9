import { describe, expect, it } from 'vitest';
import { defaultHlsMode, poolKeyFor, poolPreload } from '../../src/player/playback-source';
import type { PreparedClip } from '../../workers/core/types';

const prepared = {
  url: 'http://cdn.test/v.m3u8',
  clipPlaylist: '#EXTM3U\n#clip',
  fullPlaylist: '#EXTM3U\n#full',
  clip: { start: 30, end: 78, clipStartIdx: 5, clipEndIdx: 12 },
  adIntervals: [],
} as unknown as PreparedClip;

describe('what the pool preloads for a prepared item', () => {
  it('a clip: its key in clip mode, the clip playlist text under the real URL, clip buffers', () => {
    const { poolKey, source } = poolPreload('42', prepared, 'clip');
    expect(poolKey).toBe(poolKeyFor('42', 'clip'));
    expect(source.url).toBe(prepared.url);
    expect(source.playlists.get(prepared.url)).toBe('#EXTM3U\n#clip');
    expect(source.mode).toBe('clip');
  });

  it('full mode: the clean full playlist, full buffers unless the caller names a mode', () => {
    const full = poolPreload('42', prepared, 'full');
    expect(full.poolKey).toBe(poolKeyFor('42', 'full'));
    expect(full.poolKey).not.toBe(poolKeyFor('42', 'clip'));
    expect(full.source.playlists.get(prepared.url)).toBe('#EXTM3U\n#full');
    expect(full.source.mode).toBe('full');
    expect(poolPreload('42', prepared, 'full', 'modal').source.mode).toBe('modal');
    expect([defaultHlsMode('clip'), defaultHlsMode('full')]).toEqual(['clip', 'full']);
  });
});
