// What the guarded upstream fetch may reach: public addresses, plus two
// exceptions that may be private (tests, the demo, a LAN catalogue): the
// server's own origin (PUBLIC_URL and the address it listens on) and the
// ALLOWED_PRIVATE_UPSTREAMS hosts. A cleaned-playlist URL is never fetched,
// exception or not (it would loop through a clean endpoint).

import { lookup as dnsLookup } from 'node:dns/promises';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { mediaConfig } from '../services/media/config';
import { originKey, parseHostEntry, type HostEntry } from './address-policy';

export interface ResolvedAddress {
  address: string;
  /** 4 or 6 */
  family: number;
}

/** Every address of a host name (tests inject one that answers what they need). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface UpstreamPolicy {
  /** ALLOWED_PRIVATE_UPSTREAMS, parsed. */
  readonly allowedPrivate: readonly HostEntry[];
  /** originKey()s of the server's own origins, read at each fetch (the listening port is known late). */
  ownOrigins(): ReadonlySet<string>;
  readonly resolve: Resolver;
  /** The path of the cleaned-playlist endpoint: never fetched. */
  readonly cleanPath: string;
}

export interface UpstreamPolicyOptions {
  /** Entries "host" (any port) or "host:port", as config.allowedPrivateUpstreams holds them. */
  allowedPrivateUpstreams?: readonly string[];
  /** Absolute URLs (or origins) of the server itself; undefined entries are skipped. */
  ownOrigins?: () => Iterable<string | undefined>;
  resolve?: Resolver;
  cleanPath?: string;
}

export function createUpstreamPolicy(options: UpstreamPolicyOptions = {}): UpstreamPolicy {
  const allowedPrivate = (options.allowedPrivateUpstreams ?? []).map((entry) => {
    const parsed = parseHostEntry(entry);
    if (!parsed) throw new Error(`ALLOWED_PRIVATE_UPSTREAMS: not a host or host:port: "${entry}"`);
    return parsed;
  });
  const own = options.ownOrigins;
  return {
    allowedPrivate,
    ownOrigins() {
      const keys = new Set<string>();
      for (const text of own?.() ?? []) {
        if (!text) continue;
        try {
          keys.add(originKey(new URL(text)));
        } catch {
          // not a URL: no exception
        }
      }
      return keys;
    },
    resolve: options.resolve ?? systemResolver,
    cleanPath: options.cleanPath ?? mediaConfig.cleanPath,
  };
}

const WILDCARDS = new Set(['0.0.0.0', '::', '']);
const LOOPBACKS = new Set(['127.0.0.1', '::1']);
const bracket = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** Host settings this machine reaches on loopback: a wildcard bind (as HOST writes it), or none. */
const REACHED_ON_LOOPBACK = new Set(['', '0.0.0.0', '::', '[::]', 'localhost']);

/** The origin of HOST:PORT as this machine reaches it: a wildcard (or localhost) as 127.0.0.1, IPv6 in brackets. */
export function hostOrigin(host: string | undefined, port: number): string {
  const name = (host ?? '').trim();
  return `http://${REACHED_ON_LOOPBACK.has(name) ? '127.0.0.1' : name.startsWith('[') ? name : bracket(name)}:${port}`;
}

/** The origins a listening server answers on, as seen from this machine (a wildcard listens on loopback too). */
export function listeningOrigins(addresses: readonly { address: string; port: number }[]): string[] {
  const out: string[] = [];
  for (const { address, port } of addresses) {
    if (WILDCARDS.has(address)) out.push(`http://127.0.0.1:${port}`, `http://[::1]:${port}`, `http://localhost:${port}`);
    else {
      out.push(`http://${bracket(address)}:${port}`);
      if (LOOPBACKS.has(address)) out.push(`http://localhost:${port}`);
    }
  }
  return out;
}

/** The server's own origins from its configuration: PUBLIC_URL and HOST:PORT (before it listens, e.g. a task run on ready). */
export function configuredOrigins(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>): string[] {
  const out: string[] = [];
  if (config.publicUrl) out.push(config.publicUrl);
  if (config.port > 0) out.push(hostOrigin(config.host, config.port));
  return out;
}

/** The policy of a Fastify app: its configuration, and the addresses it listens on once it does. */
export function upstreamPolicyFor(app: FastifyInstance, options: Pick<UpstreamPolicyOptions, 'resolve'> = {}): UpstreamPolicy {
  return createUpstreamPolicy({
    allowedPrivateUpstreams: app.config.allowedPrivateUpstreams,
    ownOrigins: () => {
      const live = app.server.listening ? app.addresses().filter((a): a is { address: string; port: number; family: string } => typeof a === 'object') : [];
      return [...configuredOrigins(app.config), ...listeningOrigins(live)];
    },
    resolve: options.resolve,
  });
}
