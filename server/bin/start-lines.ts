// What `npm start` prints once it listens: only addresses that answer, the
// app's own last and on its own line. HOST=0.0.0.0 (or ::) listens on every
// interface, so the machine's network addresses are listed for a phone on the
// same Wi-Fi; without PUBLIC_URL the demo's video addresses and sign-on links
// still name this machine's loopback, which a phone cannot reach, so the line
// says how to start for a phone.

import type { NetworkInterfaceInfo } from 'node:os';

export interface ListenFacts {
  /** The app's address: PUBLIC_URL, else the listening address (loopback shown as localhost). */
  origin: string;
  /** HOST as configured. */
  host: string;
  /** The port the server listens on. */
  port: number;
  publicUrl?: string;
  /** os.networkInterfaces(). */
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>;
}

const IPV4_ANY = '0.0.0.0';
const IPV6_ANY = new Set(['::', '[::]']);

/** http origins of this machine's network addresses a phone may reach (not loopback, not IPv6 link-local), IPv4 first. */
export function lanOrigins(host: string, port: number, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string[] {
  const name = host.trim();
  const ipv6 = IPV6_ANY.has(name);
  if (name !== IPV4_ANY && !ipv6) return [];
  const all = Object.values(interfaces).flatMap((list) => list ?? []).filter((i) => !i.internal);
  const v4 = all.filter((i) => i.family === 'IPv4').map((i) => `http://${i.address}:${port}`);
  // Dual-stack: `::` takes IPv4 too. Link-local IPv6 (fe80::/10) needs a zone id no browser address bar takes.
  const v6 = ipv6 ? all.filter((i) => i.family === 'IPv6' && !/^fe[89ab]/i.test(i.address)).map((i) => `http://[${i.address}]:${port}`) : [];
  return [...new Set([...v4, ...v6])];
}

export function startLines(facts: ListenFacts): string[] {
  const app = `${facts.origin}/`;
  const lan = facts.publicUrl ? [] : lanOrigins(facts.host, facts.port, facts.interfaces);
  const lines: string[] = [];
  if (lan.length > 0) {
    lines.push(`on a phone on the same network, open: ${lan.map((o) => `${o}/`).join('  or  ')}`);
    lines.push(`  (for its videos and sign-on to work there too, start with PUBLIC_URL set to that address: HOST=${facts.host} PUBLIC_URL=${lan[0]} npm start)`);
  }
  lines.push(`clipfeed is running: ${app}`);
  return lines;
}
