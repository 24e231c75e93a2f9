// Issue 17 "Repeat visit": the service worker's build settings keep
// playlists, media and API answers out of it (nothing runs at run time, no
// navigation of those paths falls back to the cached page), and the icons
// the build draws are real PNGs of the sizes the manifest names.

import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { APP_ICONS, encodePng, iconSvg, rasterIcon } from '../../build/app-icons';
import { NAVIGATION_ALLOW, NAVIGATION_DENY, PRECACHE_GLOBS, PRECACHE_IGNORES, pwaOptions } from '../../build/pwa';

const navigationFallsBack = (path: string) => NAVIGATION_ALLOW.some((re) => re.test(path)) && !NAVIGATION_DENY.some((re) => re.test(path));

describe('what the service worker holds', () => {
  it('runs nothing at run time: every playlist, segment, key and API answer goes to the network', () => {
    expect(pwaOptions.strategies).toBe('generateSW');
    expect(pwaOptions.workbox?.runtimeCaching).toEqual([]);
  });

  it('falls back to the cached page for the app\'s own address only', () => {
    expect(navigationFallsBack('/')).toBe(true);
    expect(navigationFallsBack('/index.html')).toBe(true);
    // Workbox matches the path with its query: every page of the app is `/` with one.
    expect(navigationFallsBack('/?i=12')).toBe(true);
    expect(navigationFallsBack('/?n=discover&c=3')).toBe(true);
    for (const path of ['/api/v1/player/info', '/api.php/provide/vod/', '/api/v2/short-videos/3/index.m3u8', '/healthz', '/sso', '/partner/', '/pay/confirm', '/media/demo/a/index.m3u8', '/media/demo/a/seg_001.ts', '/k/key.key', '/x/clip.mp4']) {
      expect(navigationFallsBack(path), path).toBe(false);
    }
    // Denied even if the allow list ever grows.
    for (const path of ['/api/v1/x', '/api.php/type/get_all_categories', '/healthz', '/v/a.m3u8', '/v/a.ts', '/v/a.m4s', '/v/a.aac', '/v/a.key']) {
      expect(NAVIGATION_DENY.some((re) => re.test(path)), path).toBe(true);
    }
  });

  it('precaches the shell\'s files, never media or the compressed copies', () => {
    expect(PRECACHE_GLOBS.join()).not.toMatch(/m3u8|\bts\b|m4s|mp4|aac|key/);
    expect(PRECACHE_IGNORES).toEqual(expect.arrayContaining(['**/*.br', '**/*.gz', '**/*.{m3u8,ts,m4s,mp4,aac,key}']));
  });
});

describe('the icons', () => {
  it('are PNGs of the sizes named, drawn from the same art as the SVG', () => {
    expect(APP_ICONS.map((i) => `${i.size}:${i.maskable}`)).toEqual(['192:false', '512:false', '512:true']);
    for (const icon of APP_ICONS) {
      const png = encodePng(icon.size, rasterIcon(icon.size, icon.maskable));
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([icon.size, icon.size]);
      const idatLength = png.readUInt32BE(33);
      const rows = inflateSync(png.subarray(41, 41 + idatLength));
      expect(rows.length).toBe(icon.size * (icon.size * 4 + 1));
    }
    expect(iconSvg()).toContain('#e0164a');
  });

  it('the maskable one fills its square (launchers crop it); the others have transparent rounded corners', () => {
    const alphaAt = (size: number, maskable: boolean, x: number, y: number) => rasterIcon(size, maskable)[(y * size + x) * 4 + 3];
    expect(alphaAt(192, true, 0, 0)).toBe(255);
    expect(alphaAt(192, false, 0, 0)).toBe(0);
    expect(alphaAt(192, false, 96, 96)).toBe(255);
  });
});
