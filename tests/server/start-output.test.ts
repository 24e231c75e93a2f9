// Issue 16 point 14: what `npm start` prints. Only addresses that answer (the
// media folder's 403 address is gone), the app's address last, the network
// addresses for a phone when HOST listens on every interface, and numbers
// that say what they count.

import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lanOrigins, startLines } from '../../server/bin/start-lines';
import { catalogueLine } from '../../server/demo/index';

const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false): NetworkInterfaceInfo =>
  ({ address, family, internal, netmask: '', mac: '00:00:00:00:00:00', cidr: null, ...(family === 'IPv6' ? { scopeid: 0 } : {}) }) as NetworkInterfaceInfo;

const machine: NodeJS.Dict<NetworkInterfaceInfo[]> = {
  lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
  wlan0: [iface('192.168.1.23', 'IPv4'), iface('fe80::1', 'IPv6'), iface('2001:db8::23', 'IPv6')],
  eth1: [iface('10.0.0.5', 'IPv4')],
};

describe('npm start: the addresses it prints', () => {
  it('on the default loopback bind: one line, the app, nothing else', () => {
    expect(startLines({ origin: 'http://localhost:8080', host: '127.0.0.1', port: 8080, interfaces: machine })).toEqual(['clipfeed is running: http://localhost:8080/']);
  });

  it('with HOST=0.0.0.0: the network addresses for a phone, how to start for one, and the app last', () => {
    const lines = startLines({ origin: 'http://localhost:8080', host: '0.0.0.0', port: 8080, interfaces: machine });
    expect(lines[0]).toContain('http://192.168.1.23:8080/');
    expect(lines[0]).toContain('http://10.0.0.5:8080/');
    expect(lines.join('\n')).not.toContain('127.0.0.1');
    expect(lines.join('\n')).toContain('PUBLIC_URL=http://192.168.1.23:8080');
    expect(lines.at(-1)).toBe('clipfeed is running: http://localhost:8080/');
    // The wildcard itself is no address a browser opens.
    expect(lines.join('\n')).not.toContain('0.0.0.0:8080');
  });

  it('with PUBLIC_URL: the one public address, last', () => {
    expect(startLines({ origin: 'http://192.168.1.23:8080', host: '0.0.0.0', port: 8080, publicUrl: 'http://192.168.1.23:8080', interfaces: machine })).toEqual([
      'clipfeed is running: http://192.168.1.23:8080/',
    ]);
  });

  it('lists IPv4 network addresses for 0.0.0.0, and global IPv6 too for ::, never loopback or link-local', () => {
    expect(lanOrigins('0.0.0.0', 9000, machine)).toEqual(['http://192.168.1.23:9000', 'http://10.0.0.5:9000']);
    expect(lanOrigins('::', 9000, machine)).toEqual(['http://192.168.1.23:9000', 'http://10.0.0.5:9000', 'http://[2001:db8::23]:9000']);
    expect(lanOrigins('127.0.0.1', 9000, machine)).toEqual([]);
    expect(lanOrigins('192.168.1.23', 9000, machine)).toEqual([]);
    expect(lanOrigins('0.0.0.0', 9000, { lo: [iface('127.0.0.1', 'IPv4', true)] })).toEqual([]);
  });
});

describe('npm start: the demo catalogue line', () => {
  it('says what each number counts: encoded videos, series episodes sharing their media, and what this start changed', () => {
    const line = catalogueLine(13, 35, { inserted: 35, updated: 0 });
    expect(line).toBe('demo catalogue: 35 entries (13 videos + 22 episodes of a series that all play one of those videos): 35 added, 0 already listed and refreshed');
    expect(line).not.toMatch(/https?:/);
  });

  it('without a series it counts videos only', () => {
    expect(catalogueLine(4, 4, { inserted: 0, updated: 4 })).toBe('demo catalogue: 4 entries (4 videos): 0 added, 4 already listed and refreshed');
  });
});
