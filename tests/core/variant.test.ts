import { describe, expect, it } from 'vitest';
import type { MasterPlaylist, Variant } from '../../workers/core/types';
import { speedClass } from '../../workers/core/network-class';
import { hasQualityToken, selectVariant } from '../../workers/core/variant';

const master = (variants: Variant[]): MasterPlaylist => ({ kind: 'master', url: 'https://cdn.example.com/master.m3u8', variants });
const v = (url: string, bandwidth: number, extra: Partial<Variant> = {}): Variant => ({ url: `https://cdn.example.com/${url}`, bandwidth, ...extra });

const ladder = [
  v('a/index.m3u8', 800_000, { height: 360 }),
  v('b/index.m3u8', 1_400_000, { height: 480 }),
  v('c/index.m3u8', 2_800_000, { height: 720 }),
  v('d/index.m3u8', 5_000_000, { height: 1080 }),
];

describe('selectVariant: preference lists (spec 3 §5)', () => {
  it('fast prefers 1080 by resolution height, wherever it is listed', () => {
    expect(selectVariant(master([...ladder].reverse()), 'fast')?.height).toBe(1080);
    expect(selectVariant(master(ladder), 'fast')?.height).toBe(1080);
  });

  it('fast falls back to 720, then to an HD-named stream', () => {
    expect(selectVariant(master(ladder.filter((x) => x.height !== 1080)), 'fast')?.height).toBe(720);
    const hd = v('x/index.m3u8', 3_000_000, { name: 'HD' });
    expect(selectVariant(master([ladder[0], hd, ladder[1]]), 'fast')).toBe(hd);
  });

  it('medium prefers 720, then 480, then HD, and does not take 1080 over 480', () => {
    expect(selectVariant(master(ladder), 'medium')?.height).toBe(720);
    expect(selectVariant(master([ladder[3], ladder[1], ladder[0]]), 'medium')?.height).toBe(480);
    const hd = v('hd/index.m3u8', 9_000_000);
    expect(selectVariant(master([ladder[0], hd, ladder[3]]), 'medium')).toBe(hd);
  });

  it('slow prefers 480, then 360, and ignores HD', () => {
    expect(selectVariant(master(ladder), 'slow')?.height).toBe(480);
    expect(selectVariant(master([ladder[3], ladder[0], ladder[2]]), 'slow')?.height).toBe(360);
    const hd = v('hd/index.m3u8', 100, { name: 'HD' });
    const others = [v('p.m3u8', 300), v('q.m3u8', 200), v('r.m3u8', 400), hd];
    expect(selectVariant(master(others), 'slow')?.url).toMatch(/q\.m3u8$/);
  });

  it('matches 1080 in a NAME or URL token (1080 / 1080p), case-insensitive', () => {
    const byName = v('s1.m3u8', 1, { name: 'Full 1080P' });
    expect(selectVariant(master([v('s0.m3u8', 2), byName]), 'fast')).toBe(byName);
    const byUrl = v('video/1080/index.m3u8', 1);
    expect(selectVariant(master([v('s0.m3u8', 2), byUrl]), 'fast')).toBe(byUrl);
    const byFile = v('video/index_1080p.m3u8', 1);
    expect(selectVariant(master([v('s0.m3u8', 2), byFile]), 'fast')).toBe(byFile);
  });

  it('does not match digits inside longer numbers or a token in the host', () => {
    const noisy = [
      v('seg_10800/index.m3u8', 100),
      { url: 'https://hd.cdn.example.com/a.m3u8', bandwidth: 200 },
      v('bw=1080000/index.m3u8', 300),
      v('fhd/index.m3u8', 400),
    ];
    // No preference matches: 4 streams -> the second lowest bandwidth.
    expect(selectVariant(master(noisy), 'fast')?.bandwidth).toBe(200);
  });

  it('counts the short side of a portrait stream (1080x1920 is 1080p)', () => {
    const portrait = v('p.m3u8', 1, { width: 1080, height: 1920 });
    expect(selectVariant(master([v('s.m3u8', 2, { height: 540 }), portrait]), 'fast')).toBe(portrait);
  });

  it('uses the medium list for an unknown network class', () => {
    expect(selectVariant(master(ladder), 'toString' as never)?.height).toBe(720);
  });

  it('takes the first listed match when several streams match', () => {
    const a = v('a.m3u8', 500, { height: 720 });
    const b = v('b.m3u8', 900, { height: 720 });
    expect(selectVariant(master([a, b]), 'medium')).toBe(a);
  });
});

describe('selectVariant: bandwidth rule when nothing matches', () => {
  const plain = (bws: number[]) => master(bws.map((bw, i) => v(`s${i}.m3u8`, bw)));

  it('returns null only for an empty master', () => {
    expect(selectVariant(master([]), 'fast')).toBeNull();
  });

  it('1 stream -> that stream', () => {
    expect(selectVariant(plain([700]), 'slow')?.bandwidth).toBe(700);
  });

  it('2 or 3 streams -> the middle one after sorting by bandwidth', () => {
    expect(selectVariant(plain([300, 100, 200]), 'fast')?.bandwidth).toBe(200);
    expect(selectVariant(plain([300, 100]), 'fast')?.bandwidth).toBe(300);
  });

  it('more than 3 streams -> the second lowest', () => {
    expect(selectVariant(plain([500, 400, 100, 300, 200]), 'medium')?.bandwidth).toBe(200);
    expect(selectVariant(plain([9, 8, 7, 6]), 'slow')?.bandwidth).toBe(7);
  });

  it('treats a non-finite bandwidth as 0 instead of breaking the sort', () => {
    expect(selectVariant(plain([300, Number.NaN, 200, 100]), 'fast')?.bandwidth).toBe(100);
  });
});

describe('hasQualityToken', () => {
  it.each([
    ['1080', '1080', true],
    ['x_1080p60.m3u8', '1080', true],
    ['/HD/', 'hd', true],
    ['10800', '1080', false],
    ['a1080', '1080', false],
    ['hdr', 'hd', false],
    ['uhd', 'hd', false],
    ['high', 'high', true],
    ['highlight', 'high', false],
  ])('%s has %s: %s', (text, token, expected) => {
    expect(hasQualityToken(text, token)).toBe(expected);
  });
});

describe('speedClass (spec 1 §9, spec 3 §9)', () => {
  it('by downlink: fast above 10 Mbps, medium above 2, else slow', () => {
    expect(speedClass({ downlinkMbps: 10.5 })).toBe('fast');
    expect(speedClass({ downlinkMbps: 10 })).toBe('medium');
    expect(speedClass({ downlinkMbps: 2.1 })).toBe('medium');
    expect(speedClass({ downlinkMbps: 2 })).toBe('slow');
    expect(speedClass({ downlinkMbps: 0 })).toBe('slow');
  });

  it('by latency when no downlink: thresholds 100 and 500 ms', () => {
    expect(speedClass({ rttMs: 99 })).toBe('fast');
    expect(speedClass({ rttMs: 100 })).toBe('medium');
    expect(speedClass({ rttMs: 499 })).toBe('medium');
    expect(speedClass({ rttMs: 500 })).toBe('slow');
  });

  it('downlink wins over latency', () => {
    expect(speedClass({ downlinkMbps: 20, rttMs: 900 })).toBe('fast');
  });

  it('2g, slow-2g and 3g are slow whatever else was measured', () => {
    for (const effectiveType of ['2g', 'slow-2g', '3g', ' 3G ']) {
      expect(speedClass({ effectiveType, downlinkMbps: 50, rttMs: 10 })).toBe('slow');
    }
  });

  it('nothing usable -> medium (4g alone is not proof of fast)', () => {
    expect(speedClass({})).toBe('medium');
    expect(speedClass({ effectiveType: '4g' })).toBe('medium');
    expect(speedClass({ downlinkMbps: Number.NaN, rttMs: -1 })).toBe('medium');
  });

  it('skips a non-finite downlink and uses latency', () => {
    expect(speedClass({ downlinkMbps: Infinity, rttMs: 50 })).toBe('fast');
  });
});

describe('selectVariant: the device quality cap (spec 1 §9)', () => {
  it('never picks a variant above the cap, whatever the network prefers; unknown sizes stay eligible', () => {
    expect(selectVariant(master(ladder), 'fast', 720)?.height).toBe(720);
    expect(selectVariant(master(ladder), 'fast', 480)?.height).toBe(480);
    expect(selectVariant(master(ladder), 'medium', 480)?.height).toBe(480);
    // Portrait 1080x1920 is "1080p": above a 720 cap.
    const portrait = [v('p/720.m3u8', 2_000_000, { width: 720, height: 1280 }), v('p/1080.m3u8', 4_000_000, { width: 1080, height: 1920 })];
    expect(selectVariant(master(portrait), 'fast', 720)?.url).toContain('p/720.m3u8');
    // A "1080"-named variant of unknown size is not preferred over the cap.
    const named = [v('x/1080p/index.m3u8', 5_000_000), v('x/720p/index.m3u8', 2_500_000, { height: 720 })];
    expect(selectVariant(master(named), 'fast', 720)?.url).toContain('x/720p/');
    expect(selectVariant(master(named), 'fast')?.url).toContain('x/1080p/');
  });

  it('when every variant is above the cap, the smallest', () => {
    const big = [v('b/1080.m3u8', 5_000_000, { height: 1080 }), v('b/720.m3u8', 2_800_000, { height: 720 })];
    expect(selectVariant(master(big), 'slow', 480)?.height).toBe(720);
  });
});
