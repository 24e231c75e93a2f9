// The full-page overlay for a severe error (spec 1 §8). Render it in its own
// React root so it still shows when the app's tree has crashed.

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { fatalState } from '../errors/error-monitor';
import './fatal-overlay.css';

export interface FatalOverlayProps {
  /** Defaults to reloading the page. */
  onReload?: () => void;
}

export function FatalOverlay({ onReload }: FatalOverlayProps) {
  const { t } = useTranslation('app');
  const { error } = useSnapshot(fatalState);
  if (!error) return null;
  const reload = onReload ?? (() => window.location.reload());
  return (
    <div className="cf-fatal" role="alertdialog" aria-modal="true" aria-labelledby="cf-fatal-title" aria-describedby="cf-fatal-message" data-error-type={error.type}>
      <div className="cf-fatal-box">
        <h1 id="cf-fatal-title" className="cf-fatal-title">
          {t('fatal.title')}
        </h1>
        <p id="cf-fatal-message" className="cf-fatal-message">
          {t('fatal.message')}
        </p>
        <button type="button" className="cf-fatal-reload" onClick={reload} autoFocus>
          {t('fatal.reload')}
        </button>
      </div>
    </div>
  );
}
