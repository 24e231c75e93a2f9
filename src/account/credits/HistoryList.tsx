// The transaction history from the server (POST /api/v1/player/transactions):
// skeleton rows while loading, an empty message, an error with a retry, and
// "load more" while pages remain.

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { loadHistory, loadMoreHistory, creditsState } from './credits-store';
import { amountText, type CreditTransaction } from './transactions';
import { formatCredits } from './format';
import { Skeleton } from '../../ui/Skeleton';

const SKELETON_ROWS = [0, 1, 2];

export function HistoryList() {
  const { t, i18n } = useTranslation('credits');
  const { history: h } = useSnapshot(creditsState);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  // n: the row's credits (a recharge's label names them; its amount column shows the money).
  const label = (tx: CreditTransaction) => (tx.labelKey ? t(tx.labelKey, { n: formatCredits(Math.abs(tx.amount)) }) : tx.description);

  return (
    <section className="cf-credits__card" aria-labelledby="cf-history-title" aria-busy={h.status === 'loading'}>
      <h3 className="cf-credits__heading" id="cf-history-title">
        {t('history.title')}
      </h3>
      {h.status === 'loading' || h.status === 'idle' ? (
        <ul className="cf-history" aria-hidden="true">
          {SKELETON_ROWS.map((i) => (
            <li key={i} className="cf-history__row">
              <Skeleton width="60%" />
              <Skeleton width="3em" />
            </li>
          ))}
        </ul>
      ) : h.status === 'error' ? (
        <div className="cf-credits__error" role="alert">
          <p>{t('history.error')}</p>
          <button type="button" className="cf-credits__ghost" onClick={() => void loadHistory()}>
            {t('history.retry')}
          </button>
        </div>
      ) : h.items.length === 0 ? (
        <p className="cf-credits__muted" data-testid="history-empty">
          {t('history.empty')}
        </p>
      ) : (
        <>
          <ul className="cf-history" data-testid="history-list">
            {h.items.map((tx) => (
              <li key={tx.id} className="cf-history__row" data-testid="history-row" data-source={tx.source}>
                <div className="cf-history__text">
                  <p className="cf-history__label">{label(tx)}</p>
                  {tx.at !== null ? <p className="cf-credits__muted">{when.format(tx.at)}</p> : null}
                </div>
                <span className={`cf-history__amount cf-history__amount--${tx.amount < 0 ? 'out' : 'in'}`}>{amountText(tx)}</span>
              </li>
            ))}
          </ul>
          {h.page < h.totalPages ? (
            <button type="button" className="cf-credits__ghost cf-history__more" disabled={h.loadingMore} onClick={() => void loadMoreHistory()}>
              {h.loadingMore ? t('history.loadingMore') : h.moreFailed ? t('history.retryMore') : t('history.more')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
