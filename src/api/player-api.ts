// Typed client of the player API (spec 1 §7): POST with a JSON body, no
// cookies, no cache, answers unwrapped from the {code, message, data}
// envelope. Authenticated calls carry the credential in the body (spec 1 §6).
// Never throws: every outcome is an ApiResult.

import * as z from 'zod/mini';
import { requestTimeoutMs } from './request-timeout';
import { apiConfig, playerPaths } from './config';
import { unwrapEnvelope } from './envelope';
import { requestJson, type ApiResult } from './http';
import {
  initAnswerSchema,
  playerInfoSchema,
  pointsAnswerSchema,
  pointsChangeSchema,
  refreshTokenSchema,
  restoredSchema,
  signOnSchema,
  transactionsSchema,
  videoConfigSchema,
  watchResultSchema,
  win667AccountSchema,
  win667StatusAnswerSchema,
  type InitAnswer,
  type PlayerInfo,
  type PointsAnswer,
  type PointsChange,
  type RefreshTokenResult,
  type RestoredPlayer,
  type SignOnResult,
  type Transactions,
  type VideoConfig,
  type WatchResult,
  type Win667Account,
  type Win667StatusAnswer,
} from './player-schemas';

/** video/start: the watch ticket for a video that starts playing, redeemable after min_watch_s. */
export const watchTicketSchema = z.object({
  ticket: z.string().check(z.minLength(1)),
  video_id: z.optional(z.number()),
  min_watch_s: z.optional(z.number().check(z.gte(0))),
  expires_in_s: z.optional(z.number()),
});
export type WatchTicket = z.infer<typeof watchTicketSchema>;

/** Device data sent on init and on a credential check (spec 1 §7). */
export interface DeviceData {
  user_agent?: string;
  browser_fingerprint?: string;
  timezone?: string;
  screen_resolution?: string;
  color_depth?: number;
  language?: string;
}

export interface InitRequest extends DeviceData {
  device_id: string;
  identity_id?: string;
  risk_score?: number;
  is_new_user?: boolean;
  confidence?: number;
  referrer?: string;
  webdriver?: boolean;
  /** The fingerprint read three times in a row (the server's three-sample rule, spec 1 §5). */
  fingerprint_samples?: string[];
  /** The inviter's player id, from the invite link the visitor arrived by. */
  invite?: string;
}

/** info "on a check": the server must agree on the player id (spec 1 §5). */
export interface InfoCheck extends DeviceData {
  player_id: string;
  device_id: string;
  validation_type: string;
  timestamp: number;
}

export interface PlayerApiOptions {
  /** Origin (and optional prefix) of the API; '' for the page's own server. */
  baseUrl?: string;
  timeoutMs?: number;
}

export interface PlayerApi {
  init(body: InitRequest, signal?: AbortSignal): Promise<ApiResult<InitAnswer>>;
  info(credential: string, check?: InfoCheck, signal?: AbortSignal): Promise<ApiResult<PlayerInfo>>;
  /** The watch of a view, with the ticket video/start gave it (null: none could be had). */
  watch(credential: string, videoId: string | number, ticket?: string | null, signal?: AbortSignal): Promise<ApiResult<WatchResult>>;
  /** A watch ticket for a catalogue video (optional so that stubs of this API may leave it out: then no ticket is asked for). */
  watchStart(credential: string, videoId: string | number, signal?: AbortSignal): Promise<ApiResult<WatchTicket>>;
  videoConfig(credential: string, signal?: AbortSignal): Promise<ApiResult<VideoConfig>>;
  pointsQuery(credential: string, signal?: AbortSignal): Promise<ApiResult<PointsAnswer>>;
  pointsAdd(credential: string, source: string, amount?: number, signal?: AbortSignal): Promise<ApiResult<PointsChange>>;
  pointsSubtract(credential: string, source: string, amount?: number, signal?: AbortSignal): Promise<ApiResult<PointsChange>>;
  transactions(credential: string, page: number, pageSize: number, signal?: AbortSignal): Promise<ApiResult<Transactions>>;
  sso(credential: string, signal?: AbortSignal): Promise<ApiResult<SignOnResult>>;
  win667Account(credential: string, signal?: AbortSignal): Promise<ApiResult<Win667Account>>;
  win667Status(credential: string, signal?: AbortSignal): Promise<ApiResult<Win667StatusAnswer>>;
  win667RefreshToken(credential: string, signal?: AbortSignal): Promise<ApiResult<RefreshTokenResult>>;
  /** GET /sso?accessToken=: the player a partner return link names, with a new credential. */
  restore(accessToken: string, signal?: AbortSignal): Promise<ApiResult<RestoredPlayer>>;
}

export function createPlayerApi(options: PlayerApiOptions = {}): PlayerApi {
  const base = (options.baseUrl ?? apiConfig.base).replace(/\/+$/, '');
  // Read per call: the adaptation sets the build's and browser's time-out after this client exists.
  const timeoutMs = () => options.timeoutMs ?? requestTimeoutMs();

  async function post<S extends z.ZodMiniType>(path: string, body: object, schema: S, signal?: AbortSignal): Promise<ApiResult<z.output<S>>> {
    const raw = await requestJson(`${base}${path}`, { method: 'POST', body, timeoutMs: timeoutMs(), signal, cache: 'no-store' });
    return unwrapEnvelope(raw, schema, path);
  }

  return {
    init: (body, signal) => post(playerPaths.init, body, initAnswerSchema, signal),
    info: (credential, check, signal) => post(playerPaths.info, { credential, ...check }, playerInfoSchema, signal),
    watch: (credential, videoId, ticket, signal) => post(playerPaths.watch, { credential, video_id: videoId, ticket: ticket ?? undefined }, watchResultSchema, signal),
    watchStart: (credential, videoId, signal) => post(playerPaths.watchStart, { credential, video_id: videoId }, watchTicketSchema, signal),
    videoConfig: (credential, signal) => post(playerPaths.videoConfig, { credential }, videoConfigSchema, signal),
    pointsQuery: (credential, signal) => post(playerPaths.pointsQuery, { credential }, pointsAnswerSchema, signal),
    pointsAdd: (credential, source, amount, signal) => post(playerPaths.pointsAdd, { credential, source, amount }, pointsChangeSchema, signal),
    pointsSubtract: (credential, source, amount, signal) => post(playerPaths.pointsSubtract, { credential, source, amount }, pointsChangeSchema, signal),
    transactions: (credential, page, pageSize, signal) => post(playerPaths.transactions, { credential, page, page_size: pageSize }, transactionsSchema, signal),
    sso: (credential, signal) => post(playerPaths.sso, { credential }, signOnSchema, signal),
    win667Account: (credential, signal) => post(playerPaths.win667Account, { credential }, win667AccountSchema, signal),
    win667Status: (credential, signal) => post(playerPaths.win667Status, { credential }, win667StatusAnswerSchema, signal),
    win667RefreshToken: (credential, signal) => post(playerPaths.win667RefreshToken, { credential }, refreshTokenSchema, signal),
    async restore(accessToken, signal) {
      const url = `${base}${playerPaths.restore}?accessToken=${encodeURIComponent(accessToken)}`;
      return unwrapEnvelope(await requestJson(url, { method: 'GET', timeoutMs: timeoutMs(), signal, cache: 'no-store' }), restoredSchema, playerPaths.restore);
    },
  };
}
