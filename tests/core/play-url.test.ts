import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isAdSource,
  isHlsUrl,
  isShortUrl,
  isSpecialSource,
  parsePlayUrl,
  pickByQuality,
  itemPlayAddress,
  validateStreamUrl,
  validateVideoId,
} from '../../workers/core/play-url';

describe('parsePlayUrl (spec 3 §3, spec 2 Play URL)', () => {
  it('splits routes by # and name$url', () => {
    expect(parsePlayUrl('EP1$https://a.example/1/index.m3u8#EP2$https://a.example/2/index.m3u8', 'ffm3u8')).toEqual([
      {
        from: 'ffm3u8',
        hasEmbeddedAds: false,
        isSpecial: false,
        routes: [
          { name: 'EP1', url: 'https://a.example/1/index.m3u8', isHls: true },
          { name: 'EP2', url: 'https://a.example/2/index.m3u8', isHls: true },
        ],
      },
    ]);
  });

  it('splits sources by $$$ and pairs them with vod_play_from by position', () => {
    const r = parsePlayUrl('HD$https://a.example/x.m3u8$$$HD$https://b.example/y.m3u8', 'sym3u8$$$wjm3u8');
    expect(r.map((s) => [s.from, s.hasEmbeddedAds, s.isSpecial, s.routes[0].url])).toEqual([
      ['sym3u8', true, false, 'https://a.example/x.m3u8'],
      ['wjm3u8', false, true, 'https://b.example/y.m3u8'],
    ]);
  });

  it('names unnamed routes "online play" when there is one source', () => {
    expect(parsePlayUrl('$https://a.example/x.m3u8#https://a.example/y.m3u8')[0].routes.map((r) => r.name)).toEqual(['online play', 'online play']);
  });

  it('names unnamed routes "Line N" when several sources exist, counting across sources', () => {
    const r = parsePlayUrl('$https://a.example/1.m3u8#Named$https://a.example/2.m3u8$$$https://b.example/3.m3u8', 'a$$$b');
    expect(r.flatMap((s) => s.routes.map((x) => x.name))).toEqual(['Line 1', 'Named', 'Line 3']);
  });

  it('drops routes with an empty URL, and sources left without routes', () => {
    const r = parsePlayUrl('#EP0$  #$$$EP1$#EP2$https://b.example/2.m3u8', 'first$$$sym3u8');
    expect(r).toHaveLength(1);
    expect(r[0].from).toBe('sym3u8');
    expect(r[0].routes).toEqual([{ name: 'EP2', url: 'https://b.example/2.m3u8', isHls: true }]);
  });

  it('an only-remaining source gets "online play" for unnamed routes', () => {
    expect(parsePlayUrl('#$$$https://b.example/2.m3u8', 'x$$$y')[0].routes[0].name).toBe('online play');
  });

  it('trims names, URLs and sources', () => {
    const r = parsePlayUrl('  EP 1 $  https://a.example/x.m3u8  ', '  lemutv ');
    expect(r[0]).toMatchObject({ from: 'lemutv', isSpecial: true, routes: [{ name: 'EP 1', url: 'https://a.example/x.m3u8' }] });
  });

  it('keeps a bare URL whole even when its query holds a $', () => {
    expect(parsePlayUrl('https://a.example/x.m3u8?k=$abc')[0].routes[0]).toEqual({ name: 'online play', url: 'https://a.example/x.m3u8?k=$abc', isHls: true });
  });

  it('marks non-HLS routes', () => {
    expect(parsePlayUrl('MP4$https://a.example/x.mp4')[0].routes[0].isHls).toBe(false);
  });

  it('returns [] for non-strings and gives "" as from when vod_play_from is missing or odd', () => {
    for (const bad of [null, undefined, 42, {}, [], true]) expect(parsePlayUrl(bad)).toEqual([]);
    expect(parsePlayUrl('a$https://x.example/1.m3u8', { evil: 1 })[0].from).toBe('');
    expect(parsePlayUrl('a$https://x.example/1.m3u8$$$b$https://x.example/2.m3u8', 'only-one')[1].from).toBe('');
  });

  it('keeps HTML in names as text (the UI escapes it)', () => {
    expect(parsePlayUrl('<img src=x onerror=alert(1)>$https://a.example/x.m3u8')[0].routes[0].name).toBe('<img src=x onerror=alert(1)>');
  });

  it('never throws and never returns empty URLs or names', () => {
    const piece = fc.constantFrom('$', '$$$', '#', ' ', 'EP1', 'https://a.example/x.m3u8', 'm3u8', '\u0000', '\ud800');
    const playUrl = fc.oneof(fc.anything(), fc.string({ unit: 'binary' }), fc.array(piece).map((p) => p.join('')));
    fc.assert(
      fc.property(playUrl, fc.oneof(fc.anything(), fc.string()), (u, f) => {
        const r = parsePlayUrl(u, f);
        for (const s of r) {
          expect(s.routes.length).toBeGreaterThan(0);
          for (const route of s.routes) {
            expect(route.url).not.toBe('');
            expect(route.name).not.toBe('');
          }
        }
      }),
    );
  });

  it('handles a huge string', () => {
    const huge = 'EP$https://a.example/x.m3u8#'.repeat(50_000);
    expect(parsePlayUrl(huge)[0].routes).toHaveLength(50_000);
  });
});

describe('source markers', () => {
  it.each(['sym3u8', '155m3u8', 'yun3u8', 'SYM3U8', 'xx_yun3u8'])('%s carries ads', (from) => {
    expect(isAdSource(from)).toBe(true);
  });

  it.each(['wjm3u8', 'lemutv', 'zkm3u8', 'leshi', 'qiyi', 'LeShi', 'QIYI'])('%s is special', (from) => {
    expect(isSpecialSource(from)).toBe(true);
  });

  it('other or non-string values are neither', () => {
    for (const x of ['ffm3u8', 'm3u8', '', null, 42]) {
      expect(isAdSource(x)).toBe(false);
      expect(isSpecialSource(x)).toBe(false);
    }
  });
});

describe('isHlsUrl and isShortUrl', () => {
  it('a URL is HLS when it contains m3u8', () => {
    expect(isHlsUrl('https://a.example/x.m3u8')).toBe(true);
    expect(isHlsUrl('https://a.example/x.M3U8')).toBe(true);
    expect(isHlsUrl('https://a.example/play?type=m3u8')).toBe(true);
    expect(isHlsUrl('https://a.example/x.mp4')).toBe(false);
    expect(isHlsUrl(undefined)).toBe(false);
  });

  it('a short URL is a string that, trimmed, contains m3u8', () => {
    expect(isShortUrl('  https://a.example/x.m3u8  ')).toBe(true);
    expect(isShortUrl('   ')).toBe(false);
    expect(isShortUrl('')).toBe(false);
    expect(isShortUrl('https://a.example/x.mp4')).toBe(false);
    expect(isShortUrl(42)).toBe(false);
    expect(isShortUrl(['x.m3u8'])).toBe(false);
  });
});

describe('validateStreamUrl (spec 1 §5)', () => {
  it('accepts http and https URLs containing m3u8, trimmed', () => {
    expect(validateStreamUrl(' https://a.example/x.m3u8 ')).toEqual({ ok: true, value: 'https://a.example/x.m3u8' });
    expect(validateStreamUrl('http://a.example/x.m3u8?poster=cover.jpg')).toEqual({ ok: true, value: 'http://a.example/x.m3u8?poster=cover.jpg' });
  });

  it('rejects other schemes, relative and unparsable URLs', () => {
    for (const bad of ['ftp://a.example/x.m3u8', 'x.m3u8', '/x.m3u8', 'javascript:alert(1)//m3u8', 'http://', '', '   ', null, 42, {}]) {
      const r = validateStreamUrl(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toEqual({ code: 'INVALID_PLAY_URL', message: 'Invalid video URL', retryable: false });
    }
  });

  it('rejects http(s) URLs without m3u8', () => {
    const r = validateStreamUrl('https://a.example/x.mp4');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'INVALID_PLAY_URL', message: 'Not a valid m3u8 address' });
  });

  it.each(['jpg', 'jpeg', 'png', 'webp', 'gif', 'bmp', 'JPG'])('rejects the image extension .%s even with m3u8 in the query', (ext) => {
    expect(validateStreamUrl(`https://a.example/m3u8/cover.${ext}`).ok).toBe(false);
    expect(validateStreamUrl(`https://a.example/cover.${ext}?src=x.m3u8`).ok).toBe(false);
    expect(validateStreamUrl(`https://a.example/cover.${ext}#m3u8`).ok).toBe(false);
  });

  it('does not take an m3u8 path with an image-like name part for an image', () => {
    expect(validateStreamUrl('https://a.example/cover.jpg/index.m3u8').ok).toBe(true);
    expect(validateStreamUrl('https://a.example/jpg.m3u8').ok).toBe(true);
  });
});

describe('pickByQuality (1080, 720, hd, high)', () => {
  const u = (p: string) => `https://a.example/${p}/index.m3u8`;

  it('follows the preference order whatever the list order', () => {
    expect(pickByQuality([u('480'), u('hd'), u('720'), u('1080p')])).toBe(u('1080p'));
    expect(pickByQuality([u('high'), u('hd'), u('720')])).toBe(u('720'));
    expect(pickByQuality([u('high'), u('hd')])).toBe(u('hd'));
    expect(pickByQuality([u('low'), u('high')])).toBe(u('high'));
  });

  it('falls back to the first valid URL and skips invalid ones', () => {
    expect(pickByQuality(['https://a.example/1080.jpg', 42, u('a'), u('b')])).toBe(u('a'));
    expect(pickByQuality(['nope', null])).toBeNull();
    expect(pickByQuality('https://a.example/x.m3u8')).toBeNull();
  });

  it('does not read quality from the host or inside longer numbers', () => {
    expect(pickByQuality(['https://hd.example/a/index.m3u8', 'https://x.example/108000/index.m3u8', u('720')])).toBe(u('720'));
  });
});

describe('itemPlayAddress (spec 1 §3, §5: the one play-address picker of page, worker and server)', () => {
  const a = 'https://a.example/a.m3u8';
  const b = 'https://b.example/b.m3u8';

  it('takes fields in order: m3u8_url, short_m3u8_url, url, vod_play_url, src, playUrl', () => {
    const all = { playUrl: 'https://f.example/f.m3u8', src: 'https://e.example/e.m3u8', vod_play_url: `EP$${'https://d.example/d.m3u8'}`, url: 'https://c.example/c.m3u8', short_m3u8_url: b, m3u8_url: a };
    expect(itemPlayAddress(all)).toBe(a);
    expect(itemPlayAddress({ ...all, m3u8_url: undefined })).toBe(b);
    expect(itemPlayAddress({ ...all, m3u8_url: undefined, short_m3u8_url: '' })).toBe('https://c.example/c.m3u8');
    expect(itemPlayAddress({ vod_play_url: all.vod_play_url, src: all.src, playUrl: all.playUrl })).toBe('https://d.example/d.m3u8');
    expect(itemPlayAddress({ src: all.src, playUrl: all.playUrl })).toBe('https://e.example/e.m3u8');
    expect(itemPlayAddress({ playUrl: all.playUrl })).toBe('https://f.example/f.m3u8');
  });

  it('skips invalid values: images, non-m3u8, non-strings', () => {
    expect(itemPlayAddress({ m3u8_url: 'https://a.example/cover.jpg?x=m3u8', short_m3u8_url: 42, url: 'https://a.example/x.mp4', src: b })).toBe(b);
  });

  it('parses vod_play_url routes and takes the preferred quality of the first source with a valid route (spec 1 §5)', () => {
    expect(itemPlayAddress({ vod_play_url: `EP1$https://x.example/1.mp4#EP2$${a}#EP3$https://x.example/1080/c.m3u8` })).toBe('https://x.example/1080/c.m3u8');
    expect(itemPlayAddress({ vod_play_url: `EP1$https://x.example/1.mp4#EP2$${a}` })).toBe(a);
    expect(itemPlayAddress({ vod_play_url: `#$$$${b}` })).toBe(b);
  });

  it('trims the address it returns', () => {
    expect(itemPlayAddress({ url: `  ${a}\n` })).toBe(a);
  });

  it('returns null when nothing is playable, or for non-objects', () => {
    expect(itemPlayAddress({ url: 'https://a.example/x.mp4' })).toBeNull();
    for (const bad of [null, undefined, 'https://a.example/x.m3u8', 42]) expect(itemPlayAddress(bad)).toBeNull();
  });

  it('survives a throwing getter', () => {
    const item = Object.defineProperty({ url: a }, 'm3u8_url', {
      get() {
        throw new Error('hostile');
      },
    });
    expect(itemPlayAddress(item)).toBe(a);
  });
});

describe('validateVideoId (spec 3 §5)', () => {
  it('accepts positive integers, also as digit strings', () => {
    expect(validateVideoId(1)).toEqual({ ok: true, value: 1 });
    expect(validateVideoId('42')).toEqual({ ok: true, value: 42 });
    expect(validateVideoId(' 42 ')).toEqual({ ok: true, value: 42 });
    expect(validateVideoId('007')).toEqual({ ok: true, value: 7 });
  });

  it.each([0, -1, 1.5, Number.NaN, Infinity, '0', '-3', '1.5', '1e3', '0x10', '+5', 'abc', '', '  ', null, undefined, {}, [7], '99999999999999999999', 2 ** 60])(
    'rejects %s with 无效的视频ID',
    (id) => {
      expect(validateVideoId(id)).toEqual({ ok: false, error: { code: 'INVALID_VIDEO_ID', message: '无效的视频ID', retryable: false } });
    },
  );
});
