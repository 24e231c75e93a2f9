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
  // Local-storage keys (spec 2 §3); only what the server does not keep: task completion and the last reset day.
  storageKeys: { tasks: 'credit_tasks', lastDailyReset: 'last_daily_reset' },
  // Query parameter of an invite link (the router keeps it across navigation).
  inviteParam: 'invite',
} as const;

/** Ledger sources the server writes (server/services/players/config.ts PointsSource). */
export const CreditSource = {
  checkin: 'daily_checkin',
  videoWatch: 'video_watch',
  partnerSignup: 'partner_signup',
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
  /** Credits shown for the task; the watch task shows the server's cycle reward once known. */
  reward: number;
  type: 'daily' | 'weekly';
  /** The task's state after a reset. */
  presetCompleted: boolean;
}

/** Spec 2 §3 credit task defaults: check-in 10, watch videos 50, share 30 (preset completed), invite 200 (weekly). */
export const taskDefinitions: readonly TaskDefinition[] = [
  { id: TaskId.checkin, reward: 10, type: 'daily', presetCompleted: false },
  { id: TaskId.watch, reward: 50, type: 'daily', presetCompleted: false },
  { id: TaskId.share, reward: 30, type: 'daily', presetCompleted: true },
  { id: TaskId.invite, reward: 200, type: 'weekly', presetCompleted: false },
];
