import { describe, expect, it } from 'vitest';
import { videoRoutes } from '../../../src/feed/play-address';
import { initialRoute, playKey, shouldSwitch } from '../../../src/video/play/play-selection';

const routes = videoRoutes('A$https://a.example/1.m3u8#B$https://b.example/2.m3u8');

describe('play page route selection (spec 3 §2, §4)', () => {
  it('plays the address route, or the first when it is missing or past the list', () => {
    expect(initialRoute(routes, 1)).toBe(1);
    expect(initialRoute(routes, undefined)).toBe(0);
    expect(initialRoute(routes, 2)).toBe(0);
  });

  it('switches only to another existing route, one switch at a time', () => {
    expect(shouldSwitch(0, null, 1, 2)).toBe(true);
    expect(shouldSwitch(0, null, 0, 2)).toBe(false);
    expect(shouldSwitch(0, 1, 1, 2)).toBe(false);
    expect(shouldSwitch(0, null, 2, 2)).toBe(false);
    expect(shouldSwitch(0, null, -1, 2)).toBe(false);
  });

  it('gives each route of a video its own player key', () => {
    expect(playKey(5, 0)).not.toBe(playKey(5, 1));
    expect(playKey(5, 1)).not.toBe(playKey(6, 1));
  });
});
