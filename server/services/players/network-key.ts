// One subscriber's network, for the invite rule "no credit for the same
// address": an IPv4 address as is (an IPv4-mapped IPv6 address too), an IPv6
// address by its /64, since one home or phone holds a whole /64 and rotates
// addresses inside it (the rate limits count it the same way).

import ipaddr from 'ipaddr.js';

/** The comparable key of a client address; the text itself when it does not parse. */
export function networkKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  const v6 = addr as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}
