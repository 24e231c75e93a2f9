// video/watch: the server decides whether a watch counts. A decision is
// written only if the player's counters are still those it was made on
// (compare-and-set, or the row lock on the slow path), so parallel requests
// for one player never count twice. A watch counts only with a watch ticket
// from video/start (watch-ticket.ts: issued only for catalogue videos, bound
// to the player and the video, old enough on the server's clock) and only the
// first time its video counts in the current cycle. Checking the ticket adds
// no round trip: two statements, as before. A counted watch that completes
// the cycle also looks for the player's pending invite (invite.ts: one
// indexed read per cycle), which it then pays to the inviter.

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { PointsSource, TransactionType } from './config';
import { creditInviteAfterCycle } from './invite';
import { recordTransaction } from './ledger';
import { accountDisabled, invalidCredential } from './errors';
import { lockByCredentialHash, saveWatchState } from './players-repo';
import { compareAndSetWatch, readWatchRow } from './watch-store';
import { decideWatch, type DailyInfo, type InvalidReason, type WatchClaim, type WatchDecision, type WatchRules } from './watch-rules';
import { checkTicket, issueTicket, type TicketKey, type TicketRules } from './watch-ticket';

/** What the client claims: it watched this catalogue video, with the ticket video/start gave it. */
export interface WatchInput {
  videoId: number;
  ticket: unknown;
}

type Rules = WatchRules & TicketRules;

function claimOf(key: TicketKey, input: WatchInput, playerRef: number, now: Date, rules: Rules): WatchClaim {
  return { videoId: input.videoId, ticketProblem: checkTicket(key, input.ticket, playerRef, input.videoId, now, rules) };
}

export interface StartResult {
  ticket: string;
  video_id: number;
  /** The ticket is redeemable this many seconds after it was issued... */
  min_watch_s: number;
  /** ...and until this many seconds after. */
  expires_in_s: number;
}

/**
 * video/start: a ticket for a video of the catalogue. One statement finds the
 * player and whether the video exists. An unknown video is a 400 (not 404:
 * the client takes a 404 for an unusable account).
 */
export async function startWatch(db: Db, credentialHash: string, videoId: number, key: TicketKey, rules: Rules, clock: () => Date): Promise<StartResult> {
  const result = await db.execute(sql`
    SELECT p.id, p.disabled, EXISTS (SELECT 1 FROM videos WHERE vod_id = ${videoId}) AS video
    FROM players p WHERE p.credential_hash = ${credentialHash}`);
  const [row] = (result as unknown as { rows: Array<{ id: number; disabled: boolean; video: boolean }> }).rows;
  if (!row) throw invalidCredential();
  if (row.disabled) throw accountDisabled();
  if (!row.video) throw badRequest(`Unknown video: ${videoId} is not in the catalogue.`, 'unknownVideo');
  return { ticket: issueTicket(key, Number(row.id), videoId, clock()), video_id: videoId, min_watch_s: rules.minWatchS, expires_in_s: rules.ticketMaxAgeS };
}

export interface WatchResult {
  points: number;
  current_progress: number;
  required_videos: number;
  progress_complete: boolean;
  is_valid_watch: boolean;
  earned_points: number;
  video_watch_count: number;
  /** Seconds since the last counted watch; null before the first one. */
  time_interval: number | null;
  min_interval: number;
  invalid_reason: InvalidReason | null;
  daily_info: DailyInfo;
}

/**
 * `credentialHash` names the player. Fast path: read the counters, decide,
 * and write with a compare-and-set (watch-store.ts); a watch that does not
 * count writes nothing. When another request changed the row in between,
 * the watch is decided again under the row lock, so parallel requests for
 * one player are still decided one after another.
 */
export async function recordWatch(db: Db, credentialHash: string, input: WatchInput, key: TicketKey, rules: Rules, clock: () => Date): Promise<{ result: WatchResult; message: string }> {
  const p = await readWatchRow(db, credentialHash);
  if (!p) throw invalidCredential();
  if (p.disabled) throw accountDisabled();
  const now = clock();
  const d = decideWatch(p, rules, now, claimOf(key, input, p.id, now, rules));
  if (!d.counted) return answer(d, rules);
  if (await compareAndSetWatch(db, p.id, p, d.next, d.earned > 0 ? ledgerEntry(d, rules) : null)) return afterCounted(db, p.id, d, rules, now);
  return recordWatchLocked(db, credentialHash, input, key, rules, clock);
}

/** A counted watch that completed the cycle may pay the player's inviter (invite.ts); then the answer. */
async function afterCounted(db: Db, playerRef: number, d: WatchDecision, rules: Rules, now: Date): Promise<{ result: WatchResult; message: string }> {
  if (d.next.currentProgress === 0) await creditInviteAfterCycle(db, playerRef, rules, now);
  return answer(d, rules);
}

async function recordWatchLocked(db: Db, credentialHash: string, input: WatchInput, key: TicketKey, rules: Rules, clock: () => Date): Promise<{ result: WatchResult; message: string }> {
  const { playerRef, d, now } = await db.transaction(async (tx) => {
    const p = await lockByCredentialHash(tx, credentialHash);
    if (!p) throw invalidCredential();
    if (p.disabled) throw accountDisabled();
    // Read the clock only once the row is ours: a request that waited must not count with an older time.
    const now = clock();
    const d = decideWatch(p, rules, now, claimOf(key, input, p.id, now, rules));
    if (d.counted) {
      await saveWatchState(tx, p.id, d.next);
      if (d.earned > 0) await recordTransaction(tx, { playerRef: p.id, ...ledgerEntry(d, rules) });
    }
    return { playerRef: p.id, d, now };
  });
  // Outside the player's transaction: the invite's credit locks the inviter's row, never both at once.
  return d.counted ? afterCounted(db, playerRef, d, rules, now) : answer(d, rules);
}

function ledgerEntry(d: WatchDecision, rules: Rules) {
  return {
    type: TransactionType.earn,
    amount: d.earned,
    source: PointsSource.videoWatch,
    description: `Watched ${rules.videosRequired} videos`,
    balanceAfter: d.next.points,
  };
}

function answer(d: WatchDecision, rules: Rules): { result: WatchResult; message: string } {
  const gap = d.gapS === null ? null : Math.round(d.gapS * 10) / 10;
  const result: WatchResult = {
    points: d.next.points,
    current_progress: d.next.currentProgress,
    required_videos: rules.videosRequired,
    progress_complete: d.earned > 0,
    is_valid_watch: d.counted,
    earned_points: d.earned,
    video_watch_count: d.next.videoWatchCount,
    time_interval: gap,
    min_interval: rules.minIntervalS,
    invalid_reason: d.reason,
    daily_info: d.daily,
  };
  return { result, message: watchMessage(result, rules) };
}

function watchMessage(r: WatchResult, rules: Rules): string {
  if (r.invalid_reason === 'no_ticket') return 'Watch not counted: no watch ticket (the app asks video/start for one when the video starts playing).';
  if (r.invalid_reason === 'bad_ticket') return 'Watch not counted: the watch ticket is not valid for this player and this video.';
  if (r.invalid_reason === 'too_early') return `Watch not counted: a video must play for at least ${rules.minWatchS} s after it starts.`;
  if (r.invalid_reason === 'expired_ticket') return `Watch not counted: the watch ticket expired (tickets last ${rules.ticketMaxAgeS} s); start the video again.`;
  if (r.invalid_reason === 'already_counted') return 'Watch not counted: this video already counted in the current cycle; watch another one.';
  if (r.invalid_reason === 'too_soon') return `Watch not counted: counted watches must be at least ${rules.minIntervalS} s apart (${r.time_interval} s since the last one).`;
  if (r.invalid_reason === 'daily_limit') return `Watch not counted: today's limit of ${rules.dailyVideoLimit} videos is reached; it resets at ${r.daily_info.next_reset_time}.`;
  if (r.progress_complete) return `Cycle complete: +${r.earned_points} points.`;
  return `Watch counted (${r.current_progress}/${r.required_videos}).`;
}
