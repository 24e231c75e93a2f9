// Server configuration: every run-time setting (env) validated at start with a
// clear message, and the points rules with the spec's defaults (spec 1 §9).

import { z } from 'zod';
import { paymentDefaults } from './services/payments/config';
import { syncConfig } from './services/catalogue/sync/config';

export const pointsDefaults = {
  videosRequired: 5, // videos per reward cycle (spec 1 §3 video points config)
  reward: 100, // points per completed cycle (spec 1 §9)
  minIntervalS: 8, // seconds between counted watches (spec 1 §5: server-side text suggests 8 s)
  minWatchS: 5, // minimum watch time for a watch to count (spec 1 §9)
  dailyVideoLimit: 999, // daily quota when unknown; 999 means no real cap (spec 1 §9)
  partnerPointsRequired: 1000, // points needed for the partner site (spec 1 §1)
  dailyResetHour: 6, // "tomorrow 6am" (spec 1 §9), in the product's time zone
  timeZone: 'America/Sao_Paulo', // pt-BR build
  checkinReward: 10, // daily check-in task (spec 2 credits tasks)
} as const;

export const securityDefaults = {
  initsPerIpPerMinute: 10, // more than 10 accesses in 1 minute is suspicious (spec 1 §5)
  ssoTokenTtlS: 300, // sign-on tokens live 5 minutes (issue 3)
  fingerprintsKept: 100, // up to 100 stored fingerprints (spec 1 §9)
  // Player API requests a minute (issue 13). A visitor's app makes ~2 calls per clip plus a points poll
  // every 30-60 s, so a fast swiper (~25 clips a minute) stays near 60: 120 leaves room, a script does not.
  playerRequestsPerPlayer: 120,
  // One address may be a carrier-grade NAT with many phones behind it: ten fast swipers' worth.
  playerRequestsPerAddress: 600,
} as const;

export const httpLimits = {
  bodyBytes: 256 * 1024, // largest request body (the API's bodies are a few hundred bytes)
  headersMs: 15_000, // the request line and headers must arrive within 15 s
  requestMs: 25_000, // the whole request must arrive within 25 s (slow-request holders are cut off within 30 s)
  deadlineCheckMs: 2_000, // how often Node checks those deadlines (its default, 30 s, would double them)
  idleSocketMs: 30_000, // a socket idle this long is closed
  keepAliveMs: 5_000, // an idle keep-alive connection is closed after 5 s
  drainMs: 1_000, // on a graceful stop, requests are answered 503 (Connection: close) this long before connections close
  stopMs: 10_000, // a graceful stop (a running catalogue import stopped and its run closed included) taking longer exits anyway
} as const;

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const int = (def: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max}, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });

/**
 * TRUST_PROXY, as Fastify's trustProxy takes it: unset/0/false = the socket's
 * address is the client (forged X-Forwarded-For is ignored); a number = trust
 * that many proxy hops; otherwise a comma-separated list of proxy addresses or
 * CIDRs (e.g. "127.0.0.1,10.0.0.0/8").
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const t = (v ?? '').trim();
    if (t === '' || t === '0' || t === 'false') return false;
    if (/^\d+$/.test(t)) return Number(t);
    const list = t.split(',').map((x) => x.trim()).filter((x) => x !== '');
    const cidr = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)(\/\d{1,3})?$/i;
    const bad = list.filter((x) => !cidr.test(x));
    if (bad.length > 0 || list.length === 0) {
      ctx.addIssue({ code: 'custom', message: `must be a hop count or a comma-separated list of proxy addresses or CIDRs, got "${v}"` });
      return z.NEVER;
    }
    return list;
  });

/** ALLOWED_PRIVATE_UPSTREAMS: host or host:port entries the upstream fetches may reach although they resolve to private addresses. */
const hostList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const list = (v ?? '').split(',').map((x) => x.trim().toLowerCase()).filter((x) => x !== '');
    const bad = list.filter((x) => !/^(\[[0-9a-f:]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(x));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `must be comma-separated host or host:port entries, got "${bad.join(', ')}"` });
      return z.NEVER;
    }
    return list;
  });

const url = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return undefined;
    try {
      const u = new URL(v);
      if (u.protocol !== 'http:' && u.protocol !== 'https:' && u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') throw new Error('scheme');
      return v.trim();
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be an absolute URL, got "${v}"` });
      return z.NEVER;
    }
  });

/** SYNC_EVERY: a period like "6h", "30m", "1d" or "90s"; unset, "" or "off": no scheduled sync. */
const period = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const t = (v ?? '').trim().toLowerCase();
    if (t === '' || t === 'off' || t === '0') return undefined;
    const m = /^(\d+)(s|m|h|d)$/.exec(t);
    const ms = m ? Number(m[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 's' | 'm' | 'h' | 'd'] : Number.NaN;
    if (!(ms >= syncConfig.minPeriodMs && ms <= syncConfig.maxPeriodMs)) {
      ctx.addIssue({ code: 'custom', message: `must be a period from 5s to 30d like "6h", "30m" or "1d", or "off", got "${v}"` });
      return z.NEVER;
    }
    return ms;
  });

export const envSchema = z.object({
  PORT: int(8080, 0, 65535),
  HOST: z.string().optional().transform((v) => (v && v.trim()) || '127.0.0.1'),
  DATA_DIR: z.string().optional().transform((v) => (v && v.trim()) || './data'),
  DATABASE_URL: url,
  PUBLIC_URL: url,
  PARTNER_URL: url,
  // A real payment provider's checkout page; unset: the built-in demo provider at /pay/.
  PAYMENT_URL: url,
  // Signs checkouts and the provider's notifications (HMAC-SHA256); required with PAYMENT_URL.
  PAYMENT_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v.length >= 32, { message: 'must be at least 32 characters' }),
  PAYMENT_POINTS_PER_BRL: int(paymentDefaults.pointsPerBrl, 1, 1_000_000),
  SSO_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v.length >= 32, { message: 'must be at least 32 characters' }),
  ALLOW_AUTOMATION: bool,
  TRUST_PROXY: trustProxy,
  ALLOWED_PRIVATE_UPSTREAMS: hostList,
  // How often the server syncs each imported catalogue source (issue 18); off by default.
  SYNC_EVERY: period,
  ADMIN_TOKEN: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v.length >= 32, { message: 'must be at least 32 characters' }),
  POINTS_VIDEOS_REQUIRED: int(pointsDefaults.videosRequired, 1, 1000),
  POINTS_REWARD: int(pointsDefaults.reward, 0, 1_000_000),
  POINTS_MIN_INTERVAL_S: int(pointsDefaults.minIntervalS, 0, 86_400),
  POINTS_MIN_WATCH_S: int(pointsDefaults.minWatchS, 0, 86_400),
  POINTS_DAILY_VIDEO_LIMIT: int(pointsDefaults.dailyVideoLimit, 1, 1_000_000),
  PARTNER_POINTS_REQUIRED: int(pointsDefaults.partnerPointsRequired, 1, 100_000_000),
  INITS_PER_IP_PER_MINUTE: int(securityDefaults.initsPerIpPerMinute, 1, 1_000_000),
  PLAYER_REQUESTS_PER_ADDRESS: int(securityDefaults.playerRequestsPerAddress, 1, 10_000_000),
  PLAYER_REQUESTS_PER_PLAYER: int(securityDefaults.playerRequestsPerPlayer, 1, 10_000_000),
  // warn by default: a line per request (info) floods the console and costs CPU at feed rates; errors still show.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('warn'),
});

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl?: string;
  /** Where sign-on sends visitors; undefined = the built-in demo partner at /partner/. */
  partnerUrl?: string;
  /** Recharge payments (server/services/payments/): the provider's checkout page (undefined = the demo at /pay/), its secret, the rate. */
  payment?: { url?: string; secret?: string; pointsPerBrl: number };
  /** Set from SSO_SECRET or generated and kept in DATA_DIR (see loadSsoSecret). */
  ssoSecret?: string;
  allowAutomation: boolean;
  /** Fastify trustProxy: false (default: the socket address is the client), a hop count, or proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** Hosts (host or host:port) upstream fetches may reach on private addresses (tests, the demo, a LAN catalogue). */
  allowedPrivateUpstreams: string[];
  /** SYNC_EVERY in ms: each imported source is synced this often; undefined = never by itself. */
  syncEveryMs?: number;
  /** Operator credential for the short-video writes; ADMIN_TOKEN or generated and kept in DATA_DIR (see loadAdminToken). */
  adminToken?: string;
  /** New players one address may make per minute before it is refused (spec 1 §5: more than 10 is suspicious). */
  initsPerIpPerMinute?: number;
  /** Player API requests per minute, per address and per player (issue 13); absent = securityDefaults. */
  playerRateLimits?: { perAddress: number; perPlayer: number };
  points: {
    videosRequired: number;
    reward: number;
    minIntervalS: number;
    minWatchS: number;
    /** 999 (the default) means no real cap. */
    dailyVideoLimit: number;
    partnerPointsRequired: number;
  };
  logLevel: string;
}

export type ConfigResult = { ok: true; config: ServerConfig } | { ok: false; message: string };

/** Validates the environment; the message names every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): ConfigResult {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    return { ok: false, message: `Invalid configuration:\n${lines.join('\n')}` };
  }
  const e = parsed.data;
  // A real provider must share the secret: one generated here would be unknown to it.
  if (e.PAYMENT_URL && !e.PAYMENT_SECRET) return { ok: false, message: 'Invalid configuration:\n  PAYMENT_SECRET: is required when PAYMENT_URL names a payment provider' };
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      dataDir: e.DATA_DIR,
      databaseUrl: e.DATABASE_URL,
      publicUrl: e.PUBLIC_URL,
      partnerUrl: e.PARTNER_URL,
      payment: { url: e.PAYMENT_URL, secret: e.PAYMENT_SECRET || undefined, pointsPerBrl: e.PAYMENT_POINTS_PER_BRL },
      ssoSecret: e.SSO_SECRET || undefined,
      allowAutomation: e.ALLOW_AUTOMATION,
      trustProxy: e.TRUST_PROXY,
      allowedPrivateUpstreams: e.ALLOWED_PRIVATE_UPSTREAMS,
      syncEveryMs: e.SYNC_EVERY,
      adminToken: e.ADMIN_TOKEN || undefined,
      initsPerIpPerMinute: e.INITS_PER_IP_PER_MINUTE,
      playerRateLimits: { perAddress: e.PLAYER_REQUESTS_PER_ADDRESS, perPlayer: e.PLAYER_REQUESTS_PER_PLAYER },
      points: {
        videosRequired: e.POINTS_VIDEOS_REQUIRED,
        reward: e.POINTS_REWARD,
        minIntervalS: e.POINTS_MIN_INTERVAL_S,
        minWatchS: e.POINTS_MIN_WATCH_S,
        dailyVideoLimit: e.POINTS_DAILY_VIDEO_LIMIT,
        partnerPointsRequired: e.PARTNER_POINTS_REQUIRED,
      },
      logLevel: e.LOG_LEVEL,
    },
  };
}
