// API addresses and time-outs (spec 1 §7, §9). The base is empty by
// default: the app is served by the same server that answers the API.

import { pageApiSource } from './api-source';

export const apiConfig = {
  // Origin of every API call (player, catalogue, short videos, app config): api-source.ts (debug mode may switch it).
  base: pageApiSource(),
  requestTimeoutMs: 8_000, // request time-out of the premium build until the adaptation sets the build's and browser's (request-timeout.ts; spec 1 §9)
  maxConcurrentRequests: 3, // the network manager allows 3 concurrent requests (spec 1 §9)
  successCode: 200, // envelope code meaning success (spec 1 §7)
  cataloguePageSize: 20, // video page size 20 (spec 1 §9), the ac=list limit (spec 1 §7)
  catalogueMaxPageSize: 100, // page size max 100 (spec 1 §9)
  appConfigPath: '/api/v1/app/config', // the app config endpoint (ours: issue 4)
} as const;

/** The short-video client (spec 1 §7): its lookup cache and batch preloading. */export const shortClipConfig = {
  ttlMs: 300_000, // short-clip results expire after 5 min (spec 1 §7)
  maxEntries: 200, // at most 200 entries (spec 1 §7)
  evictRatio: 0.3, // the oldest 30% are removed when full (spec 1 §7)
  cleanupIntervalMs: 60_000, // cleanup every 60 s (spec 1 §7)
  preloadGroupSize: 3, // batch preload in groups of 3 (spec 1 §7)
  preloadPauseMs: 100, // ... with a 100 ms pause (spec 1 §7)
  defaultPageSize: 20, // page_size default (spec 1 §7)
  randomDrawsPerClip: 10, // random page draws allowed per random clip asked for, repeats included (ours: ends a run of repeats)
  playUserAgentMax: 512, // a play record's user_agent is cut to what the service keeps (its userAgentMaxLength)
  playRefererMax: 2_048, // ... and its referer (the service's refererMaxLength)
} as const;

/** Player API paths (spec 1 §7 player calls). */
export const playerPaths = {
  init: '/api/v1/player/init',
  info: '/api/v1/player/info',
  watch: '/api/v1/player/video/watch',
  // A watch ticket, asked for when a clip of a catalogue video starts playing (video/watch carries it).
  watchStart: '/api/v1/player/video/start',
  videoConfig: '/api/v1/player/video/config',
  pointsQuery: '/api/v1/player/points/query',
  pointsAdd: '/api/v1/player/points/add',
  pointsSubtract: '/api/v1/player/points/subtract',
  transactions: '/api/v1/player/transactions',
  sso: '/api/v1/player/sso',
  win667Account: '/api/v1/win667/account',
  win667RefreshToken: '/api/v1/win667/refresh-token',
  win667Status: '/api/v1/win667/status',
  // GET with ?accessToken=: a visitor back from the partner gets their player (spec 1 §7).
  restore: '/sso',
} as const;

/** Recharge calls of the player API (issue 15: server/routes/player/payments.ts). */
export const paymentPaths = {
  options: '/api/v1/player/payments/options',
  create: '/api/v1/player/payments/create',
  status: '/api/v1/player/payments/status',
} as const;
