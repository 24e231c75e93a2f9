// The first-time tip (spec 2 §2.3): a short invitation to the swipe feed,
// shown on the first visit only.

import { useTranslation } from 'react-i18next';
import { navigateTo } from '../router/router-store';
import { dismissFirstTip } from './discover-actions';
import { CloseIcon } from '../ui/icons';

export function FirstTip() {
  const { t } = useTranslation('discover');
  return (
    <div className="cf-discover-tip" role="note" data-testid="discover-first-tip">
      <p className="cf-discover-tip__text">{t('tip.text')}</p>
      <button
        type="button"
        className="cf-accent-button cf-discover-tip__go"
        onClick={() => {
          dismissFirstTip();
          navigateTo('douyin');
        }}
      >
        {t('tip.go')}
      </button>
      <button type="button" className="cf-icon-button cf-discover-tip__close" aria-label={t('tip.dismiss')} onClick={dismissFirstTip}>
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
