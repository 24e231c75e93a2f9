// Watch progress and points (spec 1 §4 "Watch progress", "Reward",
// "Partner-site state"): the cycle's progress (n / 5), the balance and the
// partner button, highlighted after a reward. The balance reads as on the
// credits screen (999, 1.2k, 3.4w: spec 2 §2.6). The button starts the sign-on:
// ready signs on, eligible creates the account, otherwise the partner home.

import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { accountState, clearPartnerHighlight, formatCredits, startSso } from '../../account';
import { openSheet } from '../../router/sheets';
import { GiftIcon, LinkIcon } from '../../ui/icons';

export const PointsWidget = memo(function PointsWidget() {
  const { t } = useTranslation('account');
  const a = useSnapshot(accountState);
  if (a.status !== 'completed' || a.points === null) return null;
  const percent = Math.min(100, Math.round((a.progress / Math.max(1, a.required)) * 100));
  const label = a.partner === 'ready' ? t('partnerReady') : a.partner === 'eligible' ? t('partnerEligible') : t('partnerOther');
  return (
    <div className="cf-points" data-testid="points-widget">
      <button type="button" className="cf-points__row" data-testid="points-open-credits" aria-label={t('openCredits')} onClick={() => openSheet('credits')}>
        <GiftIcon width={18} height={18} aria-hidden="true" />
        <span className="cf-points__value" data-testid="points-value" title={String(a.points)}>
          {formatCredits(a.points)}
        </span>
        <span className="cf-points__progress" data-testid="watch-progress" aria-label={t('progress', { current: a.progress, required: a.required })}>
          {a.progress}/{a.required}
        </span>
      </button>
      <div className="cf-points__bar" aria-hidden="true">
        <div className="cf-points__fill" style={{ width: `${percent}%` }} />
      </div>
      {a.watchStatus === 'cooldown' && a.cooldownRemainingS > 0 ? <span className="cf-points__cooldown">{t('cooldown', { s: a.cooldownRemainingS })}</span> : null}
      <button
        type="button"
        className={`cf-points__partner${a.partnerHighlight ? ' cf-points__partner--highlight' : ''}`}
        data-testid="partner-button"
        data-partner={a.partner}
        onClick={() => {
          clearPartnerHighlight();
          void startSso();
        }}
      >
        <LinkIcon width={16} height={16} aria-hidden="true" />
        {label}
      </button>
    </div>
  );
});
