// The address rules of the guarded upstream fetch (server/net/address-policy.ts):
// every internal range an attacker would aim a catalogue row at is refused, in
// every spelling the URL parser and DNS can produce; public unicast is allowed.

import { describe, expect, it } from 'vitest';
import { canonicalIp, hostKey, isCleanPath, judgeAddress, matchesHostEntry, parseHostEntry } from '../../server/net/address-policy';

describe('judgeAddress', () => {
  const refused: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'], // cloud metadata
    ['169.254.0.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.100.100.200', 'carrierGradeNat'], // another cloud's metadata
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'], // AWS metadata over IPv6
    ['fc00::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['::ffff:127.0.0.1', 'ipv4Mapped:loopback'],
    ['::ffff:7f00:1', 'ipv4Mapped:loopback'],
    ['::ffff:169.254.169.254', 'ipv4Mapped:linkLocal'],
    ['::ffff:10.0.0.1', 'ipv4Mapped:private'],
    ['::ffff:0:127.0.0.1', 'rfc6145:loopback'],
    ['64:ff9b::127.0.0.1', 'rfc6052:loopback'], // NAT64 of loopback
    ['64:ff9b::a9fe:a9fe', 'rfc6052:linkLocal'], // NAT64 of 169.254.169.254
    ['64:ff9b::10.0.0.1', 'rfc6052:private'],
    ['64:ff9b:1::8.8.8.8', 'rfc6052-local'], // local-use NAT64: refused whatever it embeds
    ['2002:7f00:1::1', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['::7f00:1', 'reserved'], // IPv4-compatible (deprecated) form of 127.0.0.1
    ['100::1', 'discard'],
  ];
  it.each(refused)('refuses %s (%s)', (address, range) => {
    expect(judgeAddress(address)).toEqual({ allowed: false, range });
  });

  it('reads bracketed IPv6 as URL.hostname gives it', () => {
    expect(judgeAddress('[::1]')).toEqual({ allowed: false, range: 'loopback' });
    expect(judgeAddress('[::ffff:7f00:1]')).toEqual({ allowed: false, range: 'ipv4Mapped:loopback' });
  });

  it('refuses what is not an address', () => {
    expect(judgeAddress('example.com').allowed).toBe(false);
    expect(judgeAddress('').allowed).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])('allows the public address %s', (address) => {
    expect(judgeAddress(address)).toEqual({ allowed: true });
  });
});

describe('host forms', () => {
  it('URL already turns the numeric spellings of 127.0.0.1 into dotted form, which canonicalIp keeps', () => {
    for (const text of ['http://0x7f000001/', 'http://2130706433/', 'http://0177.0.0.1/', 'http://127.1/']) {
      const host = new URL(text).hostname;
      expect(host, text).toBe('127.0.0.1');
      expect(canonicalIp(host)).toBe('127.0.0.1');
    }
    expect(new URL('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
    expect(canonicalIp('[::FFFF:7f00:1]')).toBe('::ffff:7f00:1');
    expect(canonicalIp('[0:0::1]')).toBe('::1');
    expect(canonicalIp('videos.example')).toBeNull();
  });

  it('compares hosts case-free, without a trailing dot, IP literals canonical', () => {
    expect(hostKey('CDN.Example.')).toBe('cdn.example');
    expect(hostKey('[0::1]')).toBe('::1');
  });
});

describe('ALLOWED_PRIVATE_UPSTREAMS entries', () => {
  it('a host alone allows any port; host:port only that port', () => {
    const entries = ['media.lan', 'db.lan:8080', '[::1]:9000', '127.0.0.1:7000'].map((e) => parseHostEntry(e)!);
    const allowed = (u: string) => matchesHostEntry(new URL(u), entries);
    expect(allowed('http://media.lan/a.m3u8')).toBe(true);
    expect(allowed('https://MEDIA.lan:8443/a.m3u8')).toBe(true);
    expect(allowed('http://db.lan:8080/a.m3u8')).toBe(true);
    expect(allowed('http://db.lan/a.m3u8')).toBe(false);
    expect(allowed('http://[0:0::1]:9000/')).toBe(true);
    expect(allowed('http://[::1]:9001/')).toBe(false);
    expect(allowed('http://127.0.0.1:7000/')).toBe(true);
    expect(allowed('http://2130706433:7000/')).toBe(true);
    expect(allowed('http://127.0.0.1:5432/')).toBe(false);
    expect(allowed('http://media.lan.evil.example/')).toBe(false);
  });

  it('refuses malformed entries', () => {
    expect(parseHostEntry('a:b:c')).toBeNull();
    expect(parseHostEntry('host:99999')).toBeNull();
  });
});

describe('the clean endpoint path', () => {
  it('is recognised through the spellings a router would accept', () => {
    const clean = '/api/v2/hls/clean.m3u8';
    for (const p of [clean, '/api/v2/hls/clean.m3u8/', '//api//v2/hls/clean.m3u8', '/api/v2/hls/clean%2Em3u8', '/API/V2/HLS/CLEAN.M3U8', '/api/v2/hls/%63lean.m3u8']) {
      expect(isCleanPath(p, clean), p).toBe(true);
    }
    expect(isCleanPath('/api/v2/hls/other.m3u8', clean)).toBe(false);
    expect(isCleanPath('/media/clean.m3u8', clean)).toBe(false);
  });
});
