// Which network addresses the server's upstream fetches may connect to, and
// which URLs are exceptions (pure: no DNS, no sockets). Ranges come from
// ipaddr.js by name; only public unicast is allowed:
// - IPv4: ipaddr's 'unicast' only (refused: unspecified 0/8, broadcast,
//   multicast, link-local 169.254/16 (cloud metadata 169.254.169.254),
//   loopback 127/8, CGNAT 100.64/10, private 10/8 172.16/12 192.168/16,
//   reserved and test nets, AS112, AMT);
// - IPv6: global unicast (2000::/3) that ipaddr names 'unicast' (refused:
//   ::, ::1, fe80::/10, fc00::/7 (metadata fd00:ec2::254), ff00::/8, site-
//   local, discard, Teredo, 6to4, benchmarking, ORCHID, documentation, ...);
//   IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d) and
//   well-known-prefix NAT64 (64:ff9b::a.b.c.d) are judged by the IPv4 address
//   they carry; local-use NAT64 (64:ff9b:1::/48) is refused.

import ipaddr from 'ipaddr.js';

export type AddressVerdict = { allowed: true } | { allowed: false; range: string };

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const WELL_KNOWN_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function embeddedV4(v6: ipaddr.IPv6): ipaddr.IPv4 {
  const p = v6.parts;
  return new ipaddr.IPv4([p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff]);
}

function judgeV4(v4: ipaddr.IPv4, via?: string): AddressVerdict {
  const range = v4.range();
  if (range === 'unicast') return { allowed: true };
  return { allowed: false, range: via ? `${via}:${range}` : range };
}

/** Whether an upstream fetch may connect to this IP address (text as DNS or a URL gives it, brackets allowed). */
export function judgeAddress(text: string): AddressVerdict {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return { allowed: false, range: 'invalid' };
  const addr = ipaddr.parse(bare);
  if (addr.kind() === 'ipv4') return judgeV4(addr as ipaddr.IPv4);
  const v6 = addr as ipaddr.IPv6;
  if (v6.zoneId) return { allowed: false, range: 'zoned' };
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return judgeV4(embeddedV4(v6), range);
  if (range === 'rfc6052') return v6.match(WELL_KNOWN_NAT64) ? judgeV4(embeddedV4(v6), range) : { allowed: false, range: 'rfc6052-local' };
  if (range !== 'unicast') return { allowed: false, range };
  if (!v6.match(GLOBAL_UNICAST_V6)) return { allowed: false, range: 'reserved' };
  return { allowed: true };
}

/** An IP literal in canonical form (IPv4 dotted, IPv6 RFC 5952 without brackets), or null for a name. */
export function canonicalIp(host: string): string | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (!ipaddr.isValid(bare)) return null;
  // ipaddr also reads forms URL never leaves (0x7f.1, 017700000001); new URL() normalised those already.
  if (!bare.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(bare)) return null;
  const addr = ipaddr.parse(bare);
  return addr.kind() === 'ipv6' ? (addr as ipaddr.IPv6).toRFC5952String() : addr.toString();
}

/** A host as compared by the exceptions: lower case, no trailing dot, IP literals canonical. */
export function hostKey(host: string): string {
  const lower = host.toLowerCase().replace(/\.$/, '');
  return canonicalIp(lower) ?? lower;
}

const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);

export function effectivePort(url: URL): number {
  return url.port ? Number(url.port) : defaultPort(url.protocol);
}

/** Scheme, host key and port: two URLs of one origin give the same string. */
export function originKey(url: URL): string {
  return `${url.protocol}//${hostKey(url.hostname)}:${effectivePort(url)}`;
}

/** One ALLOWED_PRIVATE_UPSTREAMS entry: "host" (any port) or "host:port"; IPv6 in brackets. */
export interface HostEntry {
  host: string;
  port?: number;
}

export function parseHostEntry(entry: string): HostEntry | null {
  const m = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (!m) return null;
  const port = m[2] === undefined ? undefined : Number(m[2]);
  if (port !== undefined && port > 65535) return null;
  return { host: hostKey(m[1]), port };
}

export function matchesHostEntry(url: URL, entries: readonly HostEntry[]): boolean {
  const host = hostKey(url.hostname);
  const port = effectivePort(url);
  return entries.some((e) => e.host === host && (e.port === undefined || e.port === port));
}

/**
 * Whether a URL path is a cleaned-playlist endpoint (on any host: fetching one
 * from the server loops through itself or another clean endpoint). Compared
 * after the decoding and slash folding a router might do.
 */
export function isCleanPath(pathname: string, cleanPath: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // keep it encoded
  }
  path = path.toLowerCase().replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return path === cleanPath.toLowerCase();
}
