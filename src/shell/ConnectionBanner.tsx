// The one message of an outage (issue 16 point 4; UI.md "Outages are calm"):
// while the server cannot be reached, a small banner in the app's column
// above the page (it takes its own room, so it covers no control) says so and
// offers a retry; it goes away by itself when the back-off probe, the
// browser's `online` event or the retry finds the server answering.

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { connection, connectionState } from '../notices/connection';
import './connection-banner.css';

export function ConnectionBanner() {
  const { t } = useTranslation('app');
  const { offline, checking } = useSnapshot(connectionState);
  if (!offline) return null;
  return (
    <div className="cf-connection" role="status" data-testid="connection-banner">
      <p className="cf-connection__text">{t('connection.offline')}</p>
      <button type="button" className="cf-connection__retry" aria-busy={checking} onClick={() => void connection.retryNow()} data-testid="connection-retry">
        {t(checking ? 'connection.checking' : 'connection.retry')}
      </button>
    </div>
  );
}
