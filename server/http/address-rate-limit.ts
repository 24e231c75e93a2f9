// One per-address limit for a public route's own scope (analytics batches,
// suggestions, play recording): counted by req.ip (the socket, or the proxy
// chain only as far as TRUST_PROXY allows), IPv6 per subnet, CORS preflights
// not counted; over it, 429 RATE_LIMITED naming what was limited.

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

export interface AddressLimit {
  /** Requests an address may make per window. */
  max: number;
  windowMs: number;
  /** IPv6 addresses are counted per this prefix length (a /64 is one home or phone). */
  ipv6Subnet: number;
  /** Addresses remembered at once. */
  trackedAddresses: number;
  /** What is counted, for the 429 message ("plays recorded", "suggestion requests"). */
  what: string;
}

const MINUTE_MS = 60_000;

/** The window in words: "a minute", "every 5 minutes", "every 30 s". */
function windowText(ms: number): string {
  if (ms === MINUTE_MS) return 'a minute';
  return ms % MINUTE_MS === 0 ? `every ${ms / MINUTE_MS} minutes` : `every ${Math.round(ms / 1000)} s`;
}

/** Limits every route registered in `scope` (register it first, then the routes). */
export async function limitPerAddress(scope: FastifyInstance, limit: AddressLimit): Promise<void> {
  await scope.register(rateLimit, {
    global: true,
    max: limit.max,
    timeWindow: limit.windowMs,
    ipv6Subnet: limit.ipv6Subnet,
    cache: limit.trackedAddresses,
    // A CORS preflight is the browser's, not a request of the route.
    allowList: (req) => req.method === 'OPTIONS',
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, 'RATE_LIMITED', `Too many ${limit.what} from this address: at most ${ctx.max} ${windowText(limit.windowMs)}. Try again in ${ctx.after}.`),
  });
}
