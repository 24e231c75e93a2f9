import { describe, expect, it } from 'vitest';
import { parsePlaylist, prepareFromMedia } from '../../workers/core/index';
import { spliceWithAds } from '../../server/services/media/generate';

const content = Array.from({ length: 23 }, (_, i) => ({ duration: i === 22 ? 2 : 4, uri: `seg_${String(i).padStart(3, '0')}.ts` }));
const ads = Array.from({ length: 3 }, (_, i) => ({ duration: 4, uri: `ad_${String(i).padStart(3, '0')}.ts` }));

describe('demo media splice', () => {
  const text = spliceWithAds(content, ads, 10);

  it('puts the ad before the content and after segment 10, between discontinuities', () => {
    const lines = text.split('\n').filter((l) => l && !l.startsWith('#EXTINF'));
    expect(lines.slice(0, 5)).toEqual(['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:4', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD']);
    expect(lines.slice(5, 9)).toEqual(['../ads/ad_000.ts', '../ads/ad_001.ts', '../ads/ad_002.ts', '#EXT-X-DISCONTINUITY']);
    const mid = lines.indexOf('../content/seg_009.ts');
    expect(lines.slice(mid, mid + 6)).toEqual(['../content/seg_009.ts', '#EXT-X-DISCONTINUITY', '../ads/ad_000.ts', '../ads/ad_001.ts', '../ads/ad_002.ts', '#EXT-X-DISCONTINUITY']);
    expect(lines.at(-1)).toBe('#EXT-X-ENDLIST');
  });

  it('is seen by the engine as content with two ad breaks', () => {
    const parsed = parsePlaylist(text, 'http://127.0.0.1:8080/media/with-ads/index.m3u8');
    expect(parsed.ok && parsed.playlist.kind).toBe('media');
    if (!parsed.ok || parsed.playlist.kind !== 'media') return;
    const result = prepareFromMedia(parsed.playlist, { network: 'fast', context: 'short-video', seed: 1, wantFull: true });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.adSegmentCount).toBe(6);
    expect(result.value.fullPlaylist).not.toContain('/media/ads/');
    expect(result.value.clipPlaylist).toContain('http://127.0.0.1:8080/media/content/seg_');
  });
});
