// The diagnostic screen's analytics tab (issue 15): whether this page sends
// analytics, how many page views and clip starts it sent, and its latest
// events with how each went (src/analytics/ records them).

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { analyticsState, type Outcome, type RecentEvent, type Via } from '../analytics/analytics-store';
import type { Page } from '../router/pages';

const PAGE_LABELS = {
  douyin: 'analytics.pages.douyin',
  discover: 'analytics.pages.discover',
  search: 'analytics.pages.search',
  category: 'analytics.pages.category',
  'video-detail': 'analytics.pages.videoDetail',
  'video-play': 'analytics.pages.videoPlay',
  navigation: 'analytics.pages.navigation',
} as const satisfies Record<Page, string>;

const KIND_LABELS = { page_view: 'analytics.kinds.pageView', clip_start: 'analytics.kinds.clipStart' } as const satisfies Record<RecentEvent['kind'], string>;

/** The outcome's words: a sent event says how it left. */
function outcomeLabel(outcome: Outcome, via: Via | null): string {
  if (outcome === 'waiting') return 'analytics.outcome.waiting';
  if (outcome === 'failed') return 'analytics.outcome.failed';
  return via === 'beacon' ? 'analytics.outcome.beacon' : 'analytics.outcome.fetch';
}

const STATUS_CLASS = { waiting: 'info', sent: 'ok', failed: 'fail' } as const satisfies Record<Outcome, string>;

export function AnalyticsPanel() {
  const { t, i18n } = useTranslation('diagnostics');
  const a = useSnapshot(analyticsState);
  if (a.status !== 'on') {
    return (
      <p className="cf-diag__none" data-testid="analytics-status" data-status={a.status}>
        {t(a.status === 'off' ? 'analytics.off' : 'analytics.waiting')}
      </p>
    );
  }
  const counts = [
    ['pageViews', 'analytics.counts.pageViews', a.counts.pageViews],
    ['clipStarts', 'analytics.counts.clipStarts', a.counts.clipStarts],
    ['batches', 'analytics.counts.batches', a.counts.batches],
    ['failedBatches', 'analytics.counts.failedBatches', a.counts.failedBatches],
  ] as const;
  return (
    <div data-testid="analytics-status" data-status={a.status}>
      <p className="cf-diag__value">{t('analytics.privacy')}</p>
      <ul className="cf-diag__list cf-diag__analytics-counts">
        {counts.map(([id, label, value]) => (
          <li key={id} className="cf-diag__check cf-diag__check--info" data-count={id} data-value={value}>
            <div className="cf-diag__check-row">
              <span className="cf-diag__label">{t(label)}</span>
              <span className="cf-diag__label">{value}</span>
            </div>
          </li>
        ))}
      </ul>
      <h3 className="cf-diag__label cf-diag__analytics-heading">{t('analytics.recent')}</h3>
      {a.recent.length === 0 ? (
        <p className="cf-diag__none">{t('analytics.none')}</p>
      ) : (
        <ul className="cf-diag__list" data-testid="analytics-events">
          {a.recent.map((e) => (
            <li
              key={e.id}
              className={`cf-diag__check cf-diag__check--${STATUS_CLASS[e.outcome]}`}
              data-kind={e.kind}
              data-page={e.page}
              data-video-id={e.kind === 'clip_start' ? e.videoId : undefined}
              data-outcome={e.outcome}
            >
              <div className="cf-diag__check-row">
                <span className="cf-diag__label">{t(KIND_LABELS[e.kind])}</span>
                <span className="cf-diag__status">{t(outcomeLabel(e.outcome, e.via))}</span>
              </div>
              <p className="cf-diag__value">
                {t(PAGE_LABELS[e.page])}
                {e.kind === 'clip_start' ? ` · ${t('analytics.video', { id: e.videoId })}` : ''}
                {` · ${new Date(e.at).toLocaleTimeString(i18n.language)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
