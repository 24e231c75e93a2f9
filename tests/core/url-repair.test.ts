import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairCandidates, repairStreamUrl } from '../../workers/core/url-repair';

describe('repairStreamUrl (spec 3 §5)', () => {
  it('leaves a clean address unchanged', () => {
    const url = 'https://cdn.example.com/vod/2024/abc/index.m3u8?token=1';
    expect(repairStreamUrl(url)).toBe(url);
  });

  it('trims', () => {
    expect(repairStreamUrl('  \nhttps://a.example/x.m3u8\t ')).toBe('https://a.example/x.m3u8');
  });

  it('encodes Chinese path parts and keeps the .m3u8 / .ts extension readable', () => {
    expect(repairStreamUrl('https://v.example.com/视频/第1集/index.m3u8')).toBe('https://v.example.com/%E8%A7%86%E9%A2%91/%E7%AC%AC1%E9%9B%86/index.m3u8');
    expect(repairStreamUrl('https://v.example.com/片名.m3u8')).toBe('https://v.example.com/%E7%89%87%E5%90%8D.m3u8');
    expect(repairStreamUrl('https://v.example.com/hls/片段001.ts')).toBe('https://v.example.com/hls/%E7%89%87%E6%AE%B5001.ts');
  });

  it('decodes up to 3 times before re-encoding once', () => {
    expect(repairStreamUrl('https://a.example/%E8%A7%86/x.m3u8')).toBe('https://a.example/%E8%A7%86/x.m3u8');
    expect(repairStreamUrl('https://a.example/%25E8%25A7%2586/x.m3u8')).toBe('https://a.example/%E8%A7%86/x.m3u8');
    expect(repairStreamUrl('https://a.example/%252541/x.m3u8')).toBe('https://a.example/A/x.m3u8');
    // A 4th level is left: 3 passes give "%41", kept as an escape.
    expect(repairStreamUrl('https://a.example/%25252541/x.m3u8')).toBe('https://a.example/%41/x.m3u8');
  });

  it('turns whitespace into %20 and double quotes into %22', () => {
    expect(repairStreamUrl('http://a.example/my video/"x".m3u8')).toBe('http://a.example/my%20video/%22x%22.m3u8');
    expect(repairStreamUrl('http://a.example/a\tb/c\u3000d.m3u8')).toBe('http://a.example/a%20b/c%20d.m3u8');
    expect(repairStreamUrl('http://a.example/my%20video/x.m3u8')).toBe('http://a.example/my%20video/x.m3u8');
  });

  it('collapses duplicate slashes in the path but not the scheme, keeping a trailing slash', () => {
    expect(repairStreamUrl('http://a.example//hls///x.m3u8')).toBe('http://a.example/hls/x.m3u8');
    expect(repairStreamUrl('http://a.example/hls//')).toBe('http://a.example/hls/');
    expect(repairStreamUrl('http://a.example')).toBe('http://a.example');
  });

  it('keeps the query string as it is, apart from whitespace and quotes', () => {
    expect(repairStreamUrl('https://a.example/x.m3u8?sig=a%2Fb%3D&t=1#frag')).toBe('https://a.example/x.m3u8?sig=a%2Fb%3D&t=1#frag');
    expect(repairStreamUrl('https://a.example/x.m3u8?q=a b"c')).toBe('https://a.example/x.m3u8?q=a%20b%22c');
  });

  it('keeps path sub-delimiters used by signed CDN paths, and encoded slashes inside a part', () => {
    expect(repairStreamUrl('https://a.example/t=1,e=2;k=$x/@v:1/x.m3u8')).toBe('https://a.example/t=1,e=2;k=$x/@v:1/x.m3u8');
    expect(repairStreamUrl('https://a.example/a%2Fb/x.m3u8')).toBe('https://a.example/a%2Fb/x.m3u8');
  });

  it('does not touch the host', () => {
    expect(repairStreamUrl('https://A.Example.COM:8080/x.m3u8')).toBe('https://A.Example.COM:8080/x.m3u8');
  });

  it('encodes a stray % and keeps undecodable escapes without double-encoding them', () => {
    expect(repairStreamUrl('http://a.example/100%/x.m3u8')).toBe('http://a.example/100%25/x.m3u8');
    expect(repairStreamUrl('http://a.example/%E4/x.m3u8')).toBe('http://a.example/%E4/x.m3u8');
    expect(repairStreamUrl('http://a.example/%E4%B8%AD%/x.m3u8')).toBe('http://a.example/%E4%B8%AD%25/x.m3u8');
  });

  it('returns the original input when the result is not an http(s) address', () => {
    for (const bad of ['not a url', ' ftp://a.example/x.m3u8', 'http://', ' http://exa mple.com/x.m3u8 ', '/relative/x.m3u8', '', 'http://a.example/\ud800.m3u8']) {
      expect(repairStreamUrl(bad)).toBe(bad);
    }
  });

  it('never throws', () => {
    const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: anyUnit }), fc.string({ unit: anyUnit }).map((s) => `https://a.example/${s}`)), (s) => {
        const out = repairStreamUrl(s);
        expect(typeof out).toBe('string');
      }),
    );
    expect(repairStreamUrl(undefined as unknown as string)).toBeUndefined();
  });

  const piece = fc.constantFrom('a', 'Z9', '中文', '第1集', ' ', '\t', '"', '%', '%E4', '%20', '%2F', '%zz', '/', '//', '.m3u8', '.ts', '=', ',', '#', '?', '&', '<', '\\', '[', '~', '@');
  const messyUrl = fc
    .tuple(fc.constantFrom('http://', 'https://', 'HTTPS://'), fc.constantFrom('a.example', 'cdn.example.com:8080', 'x'), fc.array(piece, { maxLength: 20 }))
    .map(([scheme, host, parts]) => `${scheme}${host}/${parts.join('')}`);

  it('is idempotent and returns the input or a valid http(s) URL', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), messyUrl), (url) => {
        const once = repairStreamUrl(url);
        expect(repairStreamUrl(once)).toBe(once);
        if (once !== url) expect(['http:', 'https:']).toContain(new URL(once).protocol);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves no raw whitespace, quote or non-ASCII character in a cleaned path', () => {
    fc.assert(
      fc.property(messyUrl, (url) => {
        const once = repairStreamUrl(url);
        if (once === url) return;
        const path = once.replace(/^[a-z]+:\/\/[^/?#]*/i, '').split(/[?#]/)[0];
        expect(path).not.toMatch(/[\s"\u0080-\uffff]|\/\//);
      }),
      { numRuns: 300 },
    );
  });
});

describe('repairCandidates (spec 3 §8 address rows)', () => {
  it('HTTP 404: the decoded and re-encoded address, then its path simplified to index.m3u8', () => {
    expect(repairCandidates('https://a.example/hls/%25E7%2589%2587/play.m3u8?k=1', 'not-found')).toEqual([
      'https://a.example/hls/%E7%89%87/play.m3u8?k=1',
      'https://a.example/hls/%E7%89%87/index.m3u8?k=1',
    ]);
  });

  it('HTTP 404 of an address that needs no repair: only the simplified path', () => {
    expect(repairCandidates('https://a.example/v/720p.m3u8', 'not-found')).toEqual(['https://a.example/v/index.m3u8']);
  });

  it('never offers the failed address, nor one address twice', () => {
    expect(repairCandidates('https://a.example/v/index.m3u8', 'not-found')).toEqual([]);
    expect(repairCandidates('https://a.example/v/%69ndex.m3u8', 'not-found')).toEqual(['https://a.example/v/index.m3u8']);
  });

  it('content-decoding failure: the re-cleaned, re-encoded address only, when it differs', () => {
    expect(repairCandidates('https://a.example/my video/x.m3u8', 'decoding')).toEqual(['https://a.example/my%20video/x.m3u8']);
    expect(repairCandidates('https://a.example/v/x.m3u8', 'decoding')).toEqual([]);
  });

  it('does not simplify what is not an http(s) playlist address', () => {
    expect(repairCandidates('https://a.example/v/segment.ts', 'not-found')).toEqual([]);
    expect(repairCandidates('https://a.example', 'not-found')).toEqual([]);
    expect(repairCandidates('ftp://a.example/v/x.m3u8', 'not-found')).toEqual([]);
    expect(repairCandidates('not a url', 'not-found')).toEqual([]);
  });
});
