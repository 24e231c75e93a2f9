// Credits screen constants (spec 2 §2.6, §3, §4, §9; spec 3 §4, §9). The
// notice durations and the vibration pattern are shared UI constants
// (src/ui/config.ts: creditsNoticeMs, creditsCompletionMs, creditsVibrationPattern).

export const creditsConfig = {
  // Amounts from this size read "1.2k" (spec 2 §2.6).
  thousand: 1000,
  // ...and from this size "1.2w", w = 10000 (spec 2 §2.6, spec 3 §9).
  tenThousand: 10_000,
  // Money is shown as "BRL n" (spec 2 §2.6).
  currency: 'BRL',
  // The progress bar animates to its new percentage in at most this long (spec 2 §4).
  progressAnimationMaxMs: 800,
  // Transactions per history page (spec 1 §9: page size 20).
  historyPageSize: 20,
  // Local-storage keys (spec 2 §3). Task completion and the last reset day always; the balance, the history
  // and a recharge on its way only under the experiment flag version-b (credit-persistence.ts says why).
  storageKeys: {
    tasks: 'credit_tasks',
    lastDailyReset: 'last_daily_reset',
    credits: 'user_credits',
    transactions: 'credit_transactions',
    simulatedPoints: 'user_simulated_points',
  },
  // The return address's hash parameter naming the payment (server/services/payments/config.ts returnHashParam).
  rechargeHashParam: 'recharge',
  // A recharge's status is asked for every 2 s after the visitor comes back from the provider...
  rechargePollMs: 2_000,
  // ...at most this many times (a minute); then the screen says the payment is still being confirmed.
  rechargePollTries: 30,
  // A saved recharge on its way is followed again for as long as its checkout lives (server: checkoutTtlS, 30 min).
  rechargeKeptMs: 1_800_000,
  // Query parameter of an invite link (the router keeps it across navigation).
  inviteParam: 'invite',
} as const;

/** Ledger sources the server writes (server/services/players/config.ts PointsSource). */
export const CreditSource = {
  checkin: 'daily_checkin',
  videoWatch: 'video_watch',
  partnerSignup: 'partner_signup',
  inviteFriend: 'invite_friend',
  recharge: 'payment_recharge',
} as const;

export const TaskId = {
  checkin: 'daily_checkin',
  watch: 'watch_videos',
  share: 'share_content',
  invite: 'invite_friends',
} as const;
export type TaskId = (typeof TaskId)[keyof typeof TaskId];

export interface TaskDefinition {
  id: TaskId;
  /** Credits the server pays for the task (the watch task shows the server's cycle reward once known); null: none. */
  reward: number | null;
  type: 'daily' | 'weekly';
  /** The task's state after a reset. */
  presetCompleted: boolean;
}

/**
 * Spec 2 §3 credit task defaults: check-in 10, watch videos 50, share 30
 * (preset as completed), invite 200 (weekly).
 *
 * Share pays nothing here (issue 15 decision). No server can tell that a
 * share happened (the share sheet reports nothing back, a copied link may
 * never be sent), so paying for it pays any script that claims it; and 30
 * points credited to every new player for a share nobody made is a gift
 * that only moves every balance and the partner threshold. The task stays as
 * the spec presets it (completed: there is nothing to claim) and the screen
 * says it earns no points; sharing a video is what the task offers.
 */
export const taskDefinitions: readonly TaskDefinition[] = [
  { id: TaskId.checkin, reward: 10, type: 'daily', presetCompleted: false },
  { id: TaskId.watch, reward: 50, type: 'daily', presetCompleted: false },
  { id: TaskId.share, reward: null, type: 'daily', presetCompleted: true },
  { id: TaskId.invite, reward: 200, type: 'weekly', presetCompleted: false },
];
