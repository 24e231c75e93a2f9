// The player API's rate limits (issue 13): every request counts against its
// address (req.ip: the socket, or the proxy chain only as far as TRUST_PROXY
// allows), and a request carrying a credential also against that player, so
// neither many players behind one script nor one player from many addresses
// gets more than its share. Over a limit: 429, the spec's "too many requests"
// (spec 2 §8), and Retry-After.

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { hashCredential } from '../../services/players/credential';
import { playerRouteConfig as c } from './config';

export interface PlayerRateLimits {
  /** Requests one address may make per window. */
  perAddress: number;
  /** Requests one player (credential) may make per window. */
  perPlayer: number;
}

type Limiter = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; max?: number; ttlInSeconds?: number }>;

const tooMany = (who: 'address' | 'player', max: number, retryS: number) =>
  new HttpError(429, 'RATE_LIMITED', `Too many requests from this ${who}: at most ${max} a minute. Try again in ${retryS} s.`);

function credentialOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const credential = (body as { credential?: unknown }).credential;
  return typeof credential === 'string' && credential !== '' ? credential : null;
}

async function enforce(limiter: Limiter, who: 'address' | 'player', req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const r = await limiter(req);
  if (r.isAllowed || !r.isExceeded) return;
  const retryS = r.ttlInSeconds ?? Math.ceil(c.windowMs / 1000);
  reply.header('retry-after', String(retryS));
  throw tooMany(who, r.max ?? 0, retryS);
}

/** Installs both limits on the scope of the player API (call inside that scope, before its routes). */
export async function installPlayerRateLimits(api: FastifyInstance, limits: PlayerRateLimits): Promise<void> {
  // global: false: the plugin only lends its store and limiter; the two hooks below decide where it applies.
  await api.register(rateLimit, { global: false, cache: c.trackedKeys });
  const perAddress: Limiter = api.createRateLimit({ max: limits.perAddress, timeWindow: c.windowMs, ipv6Subnet: c.ipv6Subnet });
  const perPlayer: Limiter = api.createRateLimit({
    max: limits.perPlayer,
    timeWindow: c.windowMs,
    // Hashed: the limiter's memory never holds a usable credential.
    keyGenerator: (req) => `player:${hashCredential(credentialOf(req.body) ?? '')}`,
  });
  api.addHook('onRequest', async (req, reply) => {
    if (req.method === 'OPTIONS') return; // a CORS preflight is the browser's, not a call
    await enforce(perAddress, 'address', req, reply);
  });
  // preHandler: the body (and its credential) is parsed by then.
  api.addHook('preHandler', async (req, reply) => {
    if (credentialOf(req.body) === null) return;
    await enforce(perPlayer, 'player', req, reply);
  });
}
