// The credits entry of the feed's top navigation (spec 2 §2.6): with the
// flag enableCreditsDisplay on, the balance (1k/1w), which opens the credits
// screen; with it off, a live button instead.
//
// The live button (decision, issue 15): the product has no live streams of
// its own, and the spec names no target. The button leads where the
// product's other "go and play" entries lead: the partner gaming site,
// through the sign-on (ready: signed on; eligible: account opened; otherwise
// the partner's home page), like the sign-on tab and the points widget.

import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { openSheet } from '../../router/sheets';
import { appConfigState } from '../../server-config/store';
import { GiftIcon, LiveIcon } from '../../ui/icons';
import { startSso } from '../sso/start-sso';
import { accountState } from '../store';
import { formatCredits } from './format';
import './top-nav.css';

export const TopNavCredits = memo(function TopNavCredits() {
  const { t } = useTranslation('credits');
  const { config } = useSnapshot(appConfigState);
  const { points } = useSnapshot(accountState);
  if (!config.flags.creditsDisplay) {
    return (
      <button type="button" className="cf-topnav" data-testid="topnav-live" onClick={() => void startSso()}>
        <LiveIcon width={18} height={18} aria-hidden="true" />
        {t('topNav.live')}
      </button>
    );
  }
  return (
    <button
      type="button"
      className="cf-topnav cf-topnav--credits"
      data-testid="topnav-credits"
      data-points={points ?? ''}
      // The label holds the visible figure (WCAG 2.5.3 label in name).
      aria-label={points === null ? t('topNav.open') : t('topNav.balance', { n: formatCredits(points) })}
      onClick={() => openSheet('credits')}
    >
      <GiftIcon width={18} height={18} aria-hidden="true" />
      {/* Empty until the balance is known, at the width it will take: the chip does not grow when it arrives. */}
      <span className="cf-topnav__value">{points === null ? '' : formatCredits(points)}</span>
    </button>
  );
});
