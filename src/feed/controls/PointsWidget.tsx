// Watch progress and points (spec 1 §4 "Watch progress", "Reward",
// "Partner-site state") in one row of the lower stack, in words: the cycle's
// progress ("1/5 vídeos" over its bar), the balance ("Pontos 0": a button to
// the credits sheet) and the partner button. The balance reads as on the
// credits screen (999, 1.2k, 3.4w: spec 2 §2.6). The button starts the
// sign-on: ready signs on, eligible creates the account, otherwise the
// partner home; until then it is a round icon, so the row stays one line
// (issue 16: a light lower stack, every target 44 px).

import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { accountState, clearPartnerHighlight, formatCredits, initAccount, startSso } from '../../account';
import { openSheet } from '../../router/sheets';
import { GiftIcon, LinkIcon } from '../../ui/icons';

export const PointsWidget = memo(function PointsWidget() {
  const { t } = useTranslation('account');
  const a = useSnapshot(accountState);
  // Refused or failed (automation markers, a rate limit, the server away): say so, with a retry; the feed plays on (issue 16 point 13).
  if (a.status === 'failed') {
    return (
      <div className="cf-points cf-points--unavailable" data-testid="points-unavailable" role="status">
        <span>{t('pointsUnavailable')}</span>
        <button type="button" className="cf-points__row" onClick={() => void initAccount()}>
          {t('pointsRetry')}
        </button>
      </div>
    );
  }
  // Until the identity exists the row keeps its place, hidden: appearing a few seconds in, it pushed the title and the
  // buttons above it up (a layout shift on every first visit, now that the identity waits for the first play).
  const pending = a.status !== 'completed' || a.points === null;
  const percent = Math.min(100, Math.round((a.progress / Math.max(1, a.required)) * 100));
  const label = a.partner === 'ready' ? t('partnerReady') : a.partner === 'eligible' ? t('partnerEligible') : t('partnerOther');
  // Ready or eligible is the call to act: the label shows; otherwise the icon, named by its label.
  const compact = a.partner !== 'ready' && a.partner !== 'eligible' && !a.partnerHighlight;
  return (
    <div className={`cf-points${pending ? ' cf-points--pending' : ''}`} data-testid={pending ? 'points-pending' : 'points-widget'} aria-hidden={pending || undefined} inert={pending}>
      <span className="cf-points__cycle" data-testid="watch-progress">
        <span>{t('progress', { current: a.progress, required: a.required })}</span>
        <span className="cf-points__bar" aria-hidden="true">
          <span className="cf-points__fill" style={{ width: `${percent}%` }} />
        </span>
        {a.watchStatus === 'cooldown' && a.cooldownRemainingS > 0 ? <span className="cf-points__cooldown">{t('cooldown', { s: a.cooldownRemainingS })}</span> : null}
      </span>
      <button type="button" className="cf-points__row" data-testid="points-open-credits" title={t('openCredits')} onClick={() => openSheet('credits')}>
        <GiftIcon width={18} height={18} aria-hidden="true" />
        {/* A label and its value ("Pontos 0"): no number agreement to get wrong (pt-BR's plural rules make 0 singular). */}
        <span>{t('pointsLabel')}</span>
        <span className="cf-points__value" data-testid="points-value" title={String(a.points ?? 0)}>
          {formatCredits(a.points ?? 0)}
        </span>
      </button>
      <button
        type="button"
        className={`cf-points__partner${compact ? ' cf-points__partner--icon' : ''}${a.partnerHighlight ? ' cf-points__partner--highlight' : ''}`}
        data-testid="partner-button"
        data-partner={a.partner}
        aria-label={compact ? label : undefined}
        title={compact ? label : undefined}
        onClick={() => {
          clearPartnerHighlight();
          void startSso();
        }}
      >
        <LinkIcon width={18} height={18} aria-hidden="true" />
        {compact ? null : label}
      </button>
    </div>
  );
});
