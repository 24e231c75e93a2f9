// Full-screen 'redirecting to the partner site' overlay (spec 1 §2) while the
// sign-on link is fetched and the page leaves.

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner';
import '../../ui/tokens.css';
import './overlays.css';

export function SsoRedirectOverlay({ visible }: { visible: boolean }) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  if (!visible) return null;
  return (
    <div className="cf-redirect" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-busy="true">
      <Spinner stages={[]} />
      <p id={titleId} className="cf-redirect__title">
        {t('ui:sso.redirecting')}
      </p>
      <p className="cf-redirect__hint">{t('ui:sso.wait')}</p>
    </div>
  );
}
