// The account store (STYLE.md 9): the anonymous identity, the points balance,
// watch progress and the reward flags, with module-level actions. The feed
// only reports "video X is playing at position p" (reportPlayback) and
// "moved to video Y" (moveToVideo); everything else follows from those.

import { proxy } from 'valtio';
import type { ApiResult } from '../api/http';
import type { PointsAnswer, WatchResult } from '../api/player-schemas';
import type { AccountResult } from './identity/account-errors';
import type { Identity, IdentityStatus } from './identity/identity-manager';
import { withRecovery } from './identity/recovery';
import { pointsConfig } from './points/config';
import { partnerState, remainingTodayNotice, rewardOf, type Notice, type PartnerState, type RewardEvent } from './points/reward';
import type { RecordCommand, ProgressStatus, WatchStatus } from './points/watch-tracker';
import { browserDeps, clearAllTimers, clearNamedTimer, createRuntime, setNamedTimer, type AccountDeps, type AccountRuntime } from './runtime';

export interface AccountState {
  status: IdentityStatus;
  /** i18n key of the last identity failure. */
  errorKey: string | null;
  playerId: string | null;
  points: number | null;
  hasWin667: boolean;
  win667Status: string | null;
  /** The server's partner threshold, once it said (points/query). */
  pointsRequired: number;
  partner: PartnerState;
  progress: number;
  required: number;
  progressStatus: ProgressStatus;
  watchStatus: WatchStatus;
  cooldownRemainingS: number;
  /** The last reward, for the points animation and the centre tip. */
  reward: RewardEvent | null;
  showPointsAnimation: boolean;
  showRewardTip: boolean;
  partnerHighlight: boolean;
  /** '今日还可获得{n}积分' and the like. */
  notice: Notice | null;
  /** A transient message (credential expired, refresh throttled). */
  toast: Notice | null;
  sso: { status: 'idle' | 'redirecting' | 'failed'; errorKey: string | null };
}

export const initialAccountState = (): AccountState => ({
  status: 'pending',
  errorKey: null,
  playerId: null,
  points: null,
  hasWin667: false,
  win667Status: null,
  pointsRequired: pointsConfig.partnerPointsRequired,
  partner: 'other',
  progress: 0,
  required: pointsConfig.defaultVideosRequired,
  progressStatus: 'idle',
  watchStatus: 'ready',
  cooldownRemainingS: 0,
  reward: null,
  showPointsAnimation: false,
  showRewardTip: false,
  partnerHighlight: false,
  notice: null,
  toast: null,
  sso: { status: 'idle', errorKey: null },
});

export const accountState = proxy<AccountState>(initialAccountState());

let runtime: AccountRuntime | null = null;

/** Replaces what the store runs on (tests; or a build with another API base). Resets the state. */
export function configureAccount(overrides: Partial<AccountDeps> = {}): void {
  if (runtime) clearAllTimers(runtime);
  Object.assign(accountState, initialAccountState());
  runtime = createRuntime({ ...browserDeps(), ...overrides }, identityListener);
}

export function accountRuntime(): AccountRuntime {
  if (!runtime) configureAccount();
  return runtime!;
}

const identityListener = {
  onChange(status: IdentityStatus, identity: Identity | null, error: { messageKey: string } | null) {
    accountState.status = status;
    accountState.errorKey = error?.messageKey ?? null;
    // The visitor hears of it once, as a toast (the shell shows account toasts); the app goes on without points.
    if (error) accountState.toast = { key: error.messageKey, params: {} };
    accountState.playerId = identity?.playerId ?? null;
    if (identity && status === 'completed') applyBalance(identity.points, identity.hasWin667, identity.win667Status);
  },
  onCredentialExpired() {
    accountState.toast = { key: 'account:credentialExpired', params: {} };
  },
};

function applyBalance(points: number | null, hasWin667: boolean | null | undefined, win667Status: string | null | undefined): void {
  if (points === null) return;
  accountState.points = points;
  if (hasWin667 !== null && hasWin667 !== undefined) accountState.hasWin667 = hasWin667;
  if (win667Status) accountState.win667Status = win667Status;
  else if (accountState.hasWin667) accountState.win667Status = 'ready';
  else accountState.win667Status = points >= accountState.pointsRequired ? 'eligible' : 'insufficient';
  accountState.partner = partnerState(accountState.win667Status, accountState.hasWin667);
  accountRuntime().policy.noteFresh();
}

/** A balance the server answered outside the store's own calls (the credits screen's check-in). */
export function applyServerBalance(points: number): void {
  applyBalance(points, null, null);
}

/** Starts (or joins) the identity init; `accessToken` restores a player back from the partner. */
export async function initAccount(options: { accessToken?: string } = {}): Promise<AccountResult<Identity>> {
  const rt = accountRuntime();
  const res = await rt.manager.ensure(options);
  if (res.ok && res.value.points === null) await refreshBalance('poll');
  if (res.ok) await loadWatchRules();
  return res;
}

/** Any authenticated call with automatic recovery (credits page: transactions, check-in...). */
export function accountCall<T>(call: (credential: string) => Promise<ApiResult<T>>): Promise<AccountResult<T>> {
  return withRecovery(accountRuntime().manager, (identity) => call(identity.credential));
}

async function loadWatchRules(): Promise<void> {
  const rt = accountRuntime();
  const res = await accountCall((c) => rt.deps.api.videoConfig(c));
  if (!res.ok) return;
  rt.tracker.configure({ minIntervalS: res.value.min_interval, videosRequired: res.value.videos_required, progress: res.value.current_progress });
  syncTracker();
}

/** The feed's current non-ad video is playing at `positionS` seconds. */
export function reportPlayback(videoId: string | number, positionS: number): void {
  const rt = accountRuntime();
  send(rt.tracker.position(String(videoId), positionS));
  askTicket();
  syncTracker();
}

/** The feed moved to another video (null: left the feed or onto an ad); a video's clip starts playing. */
export function moveToVideo(videoId: string | number | null): void {
  const rt = accountRuntime();
  send(rt.tracker.moveTo(videoId === null ? null : String(videoId)));
  askTicket();
  syncTracker();
}

/** A view of a video started: its watch ticket (video/start), kept by the tracker for that view. */
function askTicket(): void {
  const rt = accountRuntime();
  const request = rt.tracker.ticketRequest();
  if (!request) return;
  void accountCall((c) => rt.deps.api.watchStart(c, request.videoId)).then((res) => {
    if (runtime !== rt) return;
    send(rt.tracker.ticketResult(request, res.ok ? { ticket: res.value.ticket, minWatchS: res.value.min_watch_s ?? pointsConfig.minWatchS } : null));
    syncTracker();
  });
}

function send(command: RecordCommand | null): void {
  if (!command) return;
  const rt = accountRuntime();
  void accountCall((c) => rt.deps.api.watch(c, command.videoId, command.ticket)).then((res) => {
    rt.tracker.result(command, res.ok ? res.value : null);
    if (res.ok) applyWatch(res.value);
    syncTracker();
  });
}

function applyPointsAnswer(answer: PointsAnswer): void {
  if (answer.points_required !== undefined) accountState.pointsRequired = answer.points_required;
  applyBalance(answer.points, answer.has_win667, answer.win667_status);
}

function applyWatch(result: WatchResult): void {
  applyBalance(result.points, null, null);
  accountState.notice = remainingTodayNotice(result.daily_info);
  const reward = rewardOf(result);
  if (!reward) return;
  const rt = accountRuntime();
  accountState.reward = reward;
  accountState.showPointsAnimation = true;
  accountState.showRewardTip = true;
  accountState.partnerHighlight = true;
  setNamedTimer(rt, 'pointsAnimation', pointsConfig.pointsAnimationMs, () => (accountState.showPointsAnimation = false));
  setNamedTimer(rt, 'rewardTip', pointsConfig.rewardTipMs, () => (accountState.showRewardTip = false));
  // A reward may change where the partner button leads; only the server knows its threshold for sure.
  void accountCall((c) => rt.deps.api.pointsQuery(c)).then((res) => res.ok && applyPointsAnswer(res.value));
}

/** Mirrors the tracker into the store; keeps a 1 s tick running during the cooldown countdown. */
function syncTracker(): void {
  const rt = accountRuntime();
  const v = rt.tracker.view();
  accountState.watchStatus = v.watchStatus;
  accountState.progressStatus = v.progressStatus;
  accountState.cooldownRemainingS = v.cooldownRemainingS;
  accountState.progress = v.progress;
  accountState.required = v.required;
  if (v.cooldownRemainingS > 0 && !rt.timers.has('cooldown')) setNamedTimer(rt, 'cooldown', pointsConfig.cooldownTickMs, syncTracker);
}

/** Asks for the balance; 'throttled' when a manual refresh came within 30 s of the last. */
export async function refreshBalance(kind: 'poll' | 'manual' = 'manual'): Promise<'ok' | 'throttled' | 'failed'> {
  const rt = accountRuntime();
  if (!rt.policy.allow(kind)) {
    if (kind === 'manual') accountState.toast = { key: 'account:refreshThrottled', params: { s: Math.ceil(rt.policy.manualWaitMs() / 1000) } };
    return 'throttled';
  }
  const res = await accountCall((c) => rt.deps.api.pointsQuery(c));
  if (!res.ok) return 'failed';
  applyPointsAnswer(res.value);
  return 'ok';
}

/** Polls the balance while the page is visible (spec 1 §4); returns the stop function. */
export function startBalancePolling(): () => void {
  const rt = accountRuntime();
  rt.polling = true;
  schedulePoll(rt);
  return () => stopBalancePolling();
}

export function stopBalancePolling(): void {
  const rt = accountRuntime();
  rt.polling = false;
  clearNamedTimer(rt, 'poll');
}

/** The page became visible or hidden (visibilitychange). */
export function setPageVisible(): void {
  const rt = accountRuntime();
  if (rt.polling) schedulePoll(rt);
}

function schedulePoll(rt: AccountRuntime): void {
  const delay = rt.policy.nextPollDelay({ visible: rt.deps.isVisible(), initialised: accountState.status === 'completed' });
  if (delay === null) return clearNamedTimer(rt, 'poll');
  setNamedTimer(rt, 'poll', delay, () => {
    void refreshBalance('poll').finally(() => {
      if (rt.polling && runtime === rt) schedulePoll(rt);
    });
  });
}

export function dismissNotice(): void {
  accountState.notice = null;
}

export function dismissToast(): void {
  accountState.toast = null;
}

export function clearPartnerHighlight(): void {
  accountState.partnerHighlight = false;
}
