// The credit tasks (spec 2 §2.6, §3, §4): daily check-in (a server call),
// watch videos (the feed's progress toward the server's cycle, with its
// notices), share (preset completed, pays nothing: config.ts says why; it
// shares the video on screen) and the weekly invite (shares an invite link;
// the server pays it, and the history then shows it). Sharing uses the
// system share sheet, else copies the link and says so. Completion state
// comes from credits-store.

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { navigateTo, routerState } from '../../router/router-store';
import { TaskId, taskDefinitions, type TaskDefinition } from './config';
import { checkIn, creditsState, taskDone } from './credits-store';
import { isCompleted } from './tasks';
import { progressPercent, watchNotice } from './watch-progress';
import { accountState } from '../store';
import { closeSheet } from '../../router/sheets';
import { showCenterTip, showToast } from '../../notices/store';
import { uiConfig } from '../../ui/config';
import { vibrate } from '../../ui/vibrate';
import { shareInvite } from './invite';
import { shareLink, type ShareOutcome } from './share';
import { videoShareLink } from './share-link';
import { ProgressBar } from './ProgressBar';

const TITLE_KEYS = {
  daily_checkin: 'credits:tasks.checkin.title',
  watch_videos: 'credits:tasks.watch.title',
  share_content: 'credits:tasks.share.title',
  invite_friends: 'credits:tasks.invite.title',
} as const satisfies Record<TaskId, string>;

const DESCRIPTION_KEYS = {
  daily_checkin: 'credits:tasks.checkin.description',
  watch_videos: 'credits:tasks.watch.description',
  share_content: 'credits:tasks.share.description',
  invite_friends: 'credits:tasks.invite.description',
} as const satisfies Record<TaskId, string>;

export function TaskList() {
  const { t } = useTranslation('credits');
  const c = useSnapshot(creditsState);
  const a = useSnapshot(accountState);
  const now = Date.now();

  const reward = (d: TaskDefinition) => (d.id === TaskId.watch && c.watchReward !== null ? c.watchReward : d.reward);

  const onCheckIn = async () => {
    const outcome = await checkIn();
    if (!outcome) return;
    if (outcome.kind === 'done') {
      showCenterTip({ key: 'credits:notices.checkinDone', params: { n: outcome.amount } }, uiConfig.creditsCompletionMs);
      vibrate(uiConfig.creditsVibrationPattern);
    } else if (outcome.kind === 'already') showToast('credits:notices.checkinAlready', undefined, { type: 'info' });
    else showToast('credits:notices.checkinFailed', undefined, { type: 'error' });
  };

  const onWatch = (d: TaskDefinition) => {
    const notice = watchNotice(a.progress, a.required, reward(d) ?? 0, taskDone(TaskId.watch));
    showCenterTip({ key: notice.key, params: notice.params }, notice.durationMs);
    if (notice.vibrate) vibrate(uiConfig.creditsVibrationPattern);
    closeSheet();
    navigateTo('douyin');
  };

  const confirm = (result: ShareOutcome, copiedKey: string) => {
    if (result === 'copied') showToast(copiedKey, undefined, { type: 'success' });
    else if (result === 'failed') showToast('credits:tasks.shareFailed', undefined, { type: 'error' });
  };

  const onInvite = async () => confirm(await shareInvite(a.playerId, document.title, t('tasks.invite.shareText')), 'credits:tasks.invite.copied');

  const onShare = async () =>
    confirm(await shareLink({ title: document.title, text: t('tasks.share.shareText'), url: videoShareLink(window.location.origin, routerState.route, a.playerId) }), 'credits:tasks.share.copied');

  return (
    <section className="cf-credits__card" aria-labelledby="cf-tasks-title">
      <h3 className="cf-credits__heading" id="cf-tasks-title">
        {t('tasks.title')}
      </h3>
      <ul className="cf-tasks">
        {taskDefinitions.map((d) => {
          const done = isCompleted(c.book, d, now);
          return (
            <li key={d.id} className={`cf-task${done ? ' cf-task--done' : ''}`} data-testid={`task-${d.id}`} data-done={done}>
              <div className="cf-task__text">
                <p className="cf-task__title">{t(TITLE_KEYS[d.id])}</p>
                <p className="cf-credits__muted">
                  {t(DESCRIPTION_KEYS[d.id])} · {d.type === 'weekly' ? t('tasks.weekly') : t('tasks.daily')}
                </p>
                {d.id === TaskId.watch ? (
                  <div className="cf-task__progress">
                    <ProgressBar percent={progressPercent(a.progress, a.required)} label={t('tasks.watch.progressLabel')} valueText={t('tasks.watch.progress', { n: a.progress, required: a.required })} />
                    <span className="cf-credits__muted">{t('tasks.watch.progress', { n: a.progress, required: a.required })}</span>
                  </div>
                ) : null}
              </div>
              {/* The reward and the action share a line under the text: at 360 px a title, a reward, a state and a
                  button side by side squeezed each other (issue 16 point 8). */}
              <div className="cf-task__foot">
                <span className="cf-task__reward">{reward(d) === null ? t('tasks.unpaid') : t('tasks.reward', { n: reward(d) })}</span>
                {d.id === TaskId.checkin ? (
                  <button type="button" className={done ? 'cf-task__state' : 'cf-credits__primary'} disabled={c.checkinBusy} aria-disabled={done || undefined} data-testid="checkin-button" onClick={() => void onCheckIn()}>
                    {done ? t('tasks.done') : t('tasks.checkin.action')}
                  </button>
                ) : d.id === TaskId.watch ? (
                  <button type="button" className={done ? 'cf-task__state' : 'cf-credits__primary'} onClick={() => onWatch(d)}>
                    {done ? t('tasks.done') : t('tasks.watch.action')}
                  </button>
                ) : d.id === TaskId.invite ? (
                  done ? (
                    <span className="cf-task__state">{t('tasks.done')}</span>
                  ) : (
                    <button type="button" className="cf-credits__primary" data-testid="invite-button" onClick={() => void onInvite()}>
                      {t('tasks.invite.action')}
                    </button>
                  )
                ) : (
                  <button type="button" className="cf-credits__primary" data-testid="share-button" onClick={() => void onShare()}>
                    {t('tasks.share.action')}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
