// The balance (from the server, through the account store), formatted 1k/1w
// with the exact figure for screen readers; until the server answers, the
// balance an earlier visit saved (version-b), marked as saved; and the way
// to the partner site once the balance covers it (spend rule:
// insufficientBalance otherwise). Recharge is its own card (RechargeCard).
//
// One word for one balance (issue 16 point 8): the spec's "points" (doc 1:
// watch rewards, 1000 for the partner site) and "credits" (doc 2: the credits
// screen, "enough credits" for the partner site) are the same server ledger,
// so every label (credits:balance.*, recharge.*, notices.*, topNav.*, the
// feed's account:pointsLabel, the toasts' ui:points and the partner page) says
// "pontos" / 积分 / points / ポイント / 포인트; tests/i18n/one-balance-word.test.ts
// keeps "créditos" and its kin out of every pack.

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatCredits } from './format';
import { checkSpend } from './spend';
import { progressPercent } from './watch-progress';
import { startSso } from '../sso/start-sso';
import { accountState, refreshBalance } from '../store';
import { showToast } from '../../notices/store';
import { Skeleton } from '../../ui/Skeleton';
import { ProgressBar } from './ProgressBar';
import { creditsState } from './credits-store';

export function BalanceCard() {
  const { t, i18n } = useTranslation('credits');
  const a = useSnapshot(accountState);
  const { saved } = useSnapshot(creditsState);
  const points = a.points;
  const needed = Math.max(0, a.pointsRequired - (points ?? 0));

  // An open partner account costs nothing more: the sign-on just logs in. Short of the points, no button
  // offers a spend the visitor cannot make (issue 16 point 8): the line above it says how many are missing.
  const canUsePartner = a.hasWin667 || checkSpend(points, a.pointsRequired).ok;

  const refresh = async () => {
    const result = await refreshBalance('manual');
    if (result === 'failed') showToast('credits:balance.refreshFailed', undefined, { type: 'error' });
  };

  return (
    <section className="cf-credits__card cf-balance" aria-labelledby="cf-balance-title">
      <div className="cf-balance__row">
        <div>
          <h3 className="cf-balance__label" id="cf-balance-title">
            {t('balance.title')}
          </h3>
          {points === null && saved ? (
            <>
              <p className="cf-balance__value" data-testid="credits-balance-saved" data-points={saved.points} aria-label={t('balance.exact', { n: saved.points })}>
                {formatCredits(saved.points)}
              </p>
              <p className="cf-credits__muted">{t('balance.saved', { when: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(saved.savedAt) })}</p>
            </>
          ) : points === null ? (
            a.status === 'failed' ? (
              <p className="cf-balance__unavailable">{t('balance.unavailable')}</p>
            ) : (
              <Skeleton width="6ch" height="2.5rem" radius="s" />
            )
          ) : (
            <p className="cf-balance__value" data-testid="credits-balance" data-points={points} aria-label={t('balance.exact', { n: points })} title={String(points)}>
              {formatCredits(points)}
            </p>
          )}
        </div>
        <button type="button" className="cf-credits__ghost" onClick={() => void refresh()}>
          {t('balance.refresh')}
        </button>
      </div>
      {points !== null ? (
        <div className="cf-balance__partner">
          <ProgressBar percent={a.hasWin667 ? 100 : progressPercent(points, a.pointsRequired)} label={t('balance.partnerProgress')} />
          <p className="cf-credits__muted">{a.hasWin667 ? t('balance.partnerOpen') : needed > 0 ? t('balance.partnerNeeded', { n: formatCredits(needed) }) : t('balance.partnerReady')}</p>
          {canUsePartner ? (
            <button type="button" className="cf-credits__primary" onClick={() => void startSso()} data-testid="credits-partner">
              {a.hasWin667 ? t('balance.partnerEnter') : t('balance.partnerUse', { n: formatCredits(a.pointsRequired) })}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
