// The recharge card of the credits screen (spec 2 §2.6 "a recharge through
// online payment", "BRL n"; §8 "recharge success shows a message"): the
// offered amounts in BRL with the credits each buys, and the state of the
// recharge the visitor came back from: waiting for the confirmation, paid
// (the success message), failed, or not confirmed yet with a way to ask again.

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { showToast } from '../../notices/store';
import { formatBrl, formatCredits } from './format';
import { checkAgain, dismissRecharge, loadRechargeOptions, rechargeAbandoned, rechargeState, startRecharge } from './recharge-store';
import './recharge.css';

function RechargeStatus() {
  const { t } = useTranslation('credits');
  const r = useSnapshot(rechargeState);
  if (r.phase === 'idle' || !r.pending) return null;
  const params = { amount: formatBrl(r.pending.amount), points: formatCredits(r.pending.points) };
  if (r.phase === 'paid' || r.phase === 'failed') {
    return (
      <div className={`cf-recharge__status cf-recharge__status--${r.phase}`} role={r.phase === 'paid' ? 'status' : 'alert'} data-testid={`recharge-${r.phase}`}>
        <p>{r.phase === 'paid' ? t('recharge.success', params) : t('recharge.failed')}</p>
        <button type="button" className="cf-credits__ghost" onClick={dismissRecharge}>
          {t('recharge.dismiss')}
        </button>
      </div>
    );
  }
  return (
    <div className="cf-recharge__status" role="status" data-testid="recharge-pending" data-phase={r.phase}>
      <p>{r.phase === 'waiting' ? t('recharge.pending', params) : t('recharge.unconfirmed', params)}</p>
      {r.phase === 'unconfirmed' ? (
        <button type="button" className="cf-credits__ghost" onClick={checkAgain}>
          {t('recharge.checkAgain')}
        </button>
      ) : null}
    </div>
  );
}

export function RechargeCard() {
  const { t } = useTranslation('credits');
  const r = useSnapshot(rechargeState);
  useEffect(() => void loadRechargeOptions(), []);
  // Back from the provider without paying, restored from the back-forward cache: the page is as it was when it left.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) rechargeAbandoned();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const choose = async (amount: number) => {
    const outcome = await startRecharge(amount);
    if (outcome === 'tooMany') showToast('credits:recharge.tooMany', undefined, { type: 'warning' });
    if (outcome === 'failed') showToast('credits:recharge.startFailed', undefined, { type: 'error' });
  };

  return (
    <section className="cf-credits__card cf-recharge" aria-labelledby="cf-recharge-title" data-testid="recharge-card">
      <h3 className="cf-credits__heading" id="cf-recharge-title">
        {t('recharge.title')}
      </h3>
      <RechargeStatus />
      {r.options ? (
        <>
          <p className="cf-credits__muted">{t('recharge.note', { rate: r.options.points_per_brl })}</p>
          <div className="cf-recharge__amounts">
            {r.options.amounts.map((amount) => (
              <button
                key={amount}
                type="button"
                className="cf-recharge__amount"
                data-testid={`recharge-amount-${amount}`}
                disabled={r.starting !== null}
                onClick={() => void choose(amount)}
              >
                <span className="cf-recharge__money">{formatBrl(amount)}</span>
                <span className="cf-credits__muted">{r.starting === amount ? t('recharge.opening') : t('recharge.points', { n: formatCredits(amount * r.options!.points_per_brl) })}</span>
              </button>
            ))}
          </div>
        </>
      ) : r.optionsFailed ? (
        <div className="cf-credits__error" role="alert">
          <p>{t('recharge.optionsFailed')}</p>
          <button type="button" className="cf-credits__ghost" onClick={() => void loadRechargeOptions()}>
            {t('history.retry')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
