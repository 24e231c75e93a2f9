// When a watch is recorded (spec 1 §4), as a pure state machine on an
// injected clock. The page reports the playing video's position and moves
// between videos; the tracker answers with a command to record a watch (the
// caller sends it and hands the answer back) or nothing.
//
// A watch is recorded once per view of a video, as soon as 5 s were watched,
// or on moving away if that was blocked at the time; not while a record is in
// flight, during the 3 s cooldown, within the minimum interval (at most 5 s)
// or while the daily quota is exhausted (rechecked after 5 minutes).
//
// Watch tickets: when a view of a video starts, the tracker asks once for a
// ticket (ticketRequest: the caller calls video/start and hands the answer to
// ticketResult). The record carries the view's ticket and waits until the
// ticket has been held for the server's minimum watch time (counted from its
// arrival, so it is at least that old on the server's clock too). A view whose
// ticket could not be had is recorded without one (the server says why it
// does not count).

import type { WatchResult } from '../../api/player-schemas';
import { pointsConfig } from './config';

export type WatchStatus = 'ready' | 'watching' | 'cooldown' | 'invalid';
export type ProgressStatus = 'idle' | 'in_progress' | 'complete' | 'broken';

export interface RecordCommand {
  videoId: string;
  watchedS: number;
  /** The view's watch ticket (null: video/start failed). */
  ticket: string | null;
}

/** Ask video/start for a ticket for this view. */
export interface TicketRequest {
  videoId: string;
  view: number;
}

/** video/start's answer: the ticket and how long it must be held (s). */
export interface TicketAnswer {
  ticket: string;
  minWatchS: number;
}

type TicketState = 'none' | 'wanted' | 'pending' | 'ready' | 'failed';

export interface TrackerView {
  watchStatus: WatchStatus;
  progressStatus: ProgressStatus;
  /** Whole seconds left in the cooldown (0 when none). */
  cooldownRemainingS: number;
  progress: number;
  required: number;
  quotaExhausted: boolean;
}

export class WatchTracker {
  private videoId: string | null = null;
  private watchedS = 0;
  private lastPosition: number | null = null;
  private lastReportAt = 0;
  private recorded = false;
  private refused = false;
  private pending = false;
  private cooldownUntil = 0;
  private lastCountedAt: number | null = null;
  private quotaBlockedUntil = 0;
  private minIntervalS: number = pointsConfig.minIntervalCapS;
  private progress = 0;
  private required: number = pointsConfig.defaultVideosRequired;
  private progressStatus: ProgressStatus = 'idle';
  private viewSeq = 0;
  private ticketState: TicketState = 'none';
  private ticket: string | null = null;
  private ticketReadyAt = 0;

  constructor(private readonly now: () => number) {}

  /** The playing video's position (s). Moving to another video id counts as moveTo first. */
  position(videoId: string, positionS: number): RecordCommand | null {
    const moved = videoId !== this.videoId ? this.moveTo(videoId) : null;
    const now = this.now();
    if (this.lastPosition !== null && Number.isFinite(positionS)) {
      const delta = positionS - this.lastPosition;
      // Loops and backward seeks add nothing; forward jumps add at most 1.5x the wall time.
      if (delta > 0) this.watchedS += Math.min(delta, ((now - this.lastReportAt) / 1000) * pointsConfig.fastForwardRate);
    }
    this.lastPosition = Number.isFinite(positionS) ? positionS : this.lastPosition;
    this.lastReportAt = now;
    return moved ?? this.tryRecord();
  }

  /** The user moved to another video: the previous view may still be recorded. */
  moveTo(videoId: string | null): RecordCommand | null {
    if (videoId === this.videoId) return null;
    const command = this.tryRecord();
    this.videoId = videoId;
    this.watchedS = 0;
    this.lastPosition = null;
    this.recorded = false;
    this.refused = false;
    this.viewSeq += 1;
    this.ticket = null;
    this.ticketState = videoId === null ? 'none' : 'wanted';
    return command;
  }

  /** The ticket the current view still needs (once per view), or null. */
  ticketRequest(): TicketRequest | null {
    if (this.ticketState !== 'wanted' || this.videoId === null) return null;
    this.ticketState = 'pending';
    return { videoId: this.videoId, view: this.viewSeq };
  }

  /** video/start's answer (null: the call failed). A record it unblocks is returned. */
  ticketResult(request: TicketRequest, answer: TicketAnswer | null): RecordCommand | null {
    if (request.view !== this.viewSeq || this.ticketState !== 'pending') return null;
    if (answer) {
      this.ticketState = 'ready';
      this.ticket = answer.ticket;
      this.ticketReadyAt = this.now() + Math.max(0, answer.minWatchS) * 1000;
    } else {
      this.ticketState = 'failed';
    }
    return this.tryRecord();
  }

  /** Whether the current view holds its ticket. */
  get hasTicket(): boolean {
    return this.ticketState === 'ready';
  }

  /** The server's answer to a command (null: the call failed; that watch is given up). */
  result(command: RecordCommand, answer: WatchResult | null): void {
    this.pending = false;
    if (!answer) return;
    const now = this.now();
    const sameView = command.videoId === this.videoId;
    const before = this.progress;
    this.required = answer.required_videos;
    this.progress = answer.current_progress;
    if (answer.min_interval !== undefined) this.setMinInterval(answer.min_interval);
    const daily = answer.daily_info;
    const quotaGone = answer.invalid_reason === 'daily_limit' || (daily !== undefined && daily.enabled && daily.remaining_videos_today <= 0);
    if (quotaGone) this.quotaBlockedUntil = now + pointsConfig.quotaRecheckMs;
    if (answer.is_valid_watch) {
      this.lastCountedAt = now;
      this.cooldownUntil = now + pointsConfig.cooldownMs;
      if (answer.progress_complete) this.progressStatus = 'complete';
      else this.progressStatus = answer.current_progress < before + 1 && before > 0 ? 'broken' : this.progressOf(answer.current_progress);
    } else {
      if (sameView) this.refused = true;
      this.progressStatus = answer.current_progress < before ? 'broken' : this.progressOf(answer.current_progress);
    }
  }

  /** Rules from video/config: the interval is capped at 5 s. */
  configure(rules: { minIntervalS?: number; videosRequired?: number; progress?: number }): void {
    if (rules.minIntervalS !== undefined) this.setMinInterval(rules.minIntervalS);
    if (rules.videosRequired !== undefined && rules.videosRequired > 0) this.required = rules.videosRequired;
    if (rules.progress !== undefined) {
      this.progress = rules.progress;
      this.progressStatus = this.progressOf(rules.progress);
    }
  }

  view(): TrackerView {
    const now = this.now();
    const quotaExhausted = now < this.quotaBlockedUntil;
    const cooling = now < this.cooldownUntil;
    let watchStatus: WatchStatus = 'ready';
    if (quotaExhausted || this.refused) watchStatus = 'invalid';
    else if (cooling) watchStatus = 'cooldown';
    else if (this.videoId !== null && !this.recorded && this.watchedS > 0) watchStatus = 'watching';
    return {
      watchStatus,
      progressStatus: this.progressStatus,
      cooldownRemainingS: cooling ? Math.ceil((this.cooldownUntil - now) / 1000) : 0,
      progress: this.progress,
      required: this.required,
      quotaExhausted,
    };
  }

  /** Seconds watched in the current view. */
  get watched(): number {
    return this.watchedS;
  }

  private progressOf(progress: number): ProgressStatus {
    return progress > 0 ? 'in_progress' : 'idle';
  }

  private setMinInterval(serverS: number): void {
    this.minIntervalS = Math.max(0, Math.min(serverS, pointsConfig.minIntervalCapS));
  }

  private tryRecord(): RecordCommand | null {
    const now = this.now();
    if (this.videoId === null || this.recorded || this.pending || this.refused) return null;
    if (this.watchedS < pointsConfig.minWatchS) return null;
    if (now < this.cooldownUntil || now < this.quotaBlockedUntil) return null;
    if (this.lastCountedAt !== null && now - this.lastCountedAt < this.minIntervalS * 1000) return null;
    if (this.ticketState === 'wanted' || this.ticketState === 'pending') return null;
    if (this.ticketState === 'ready' && now < this.ticketReadyAt) return null;
    this.recorded = true;
    this.pending = true;
    return { videoId: this.videoId, watchedS: this.watchedS, ticket: this.ticketState === 'ready' ? this.ticket : null };
  }
}
