// The heading row of the search and category views: back, then the title.

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon } from '../ui/icons';

export function ViewHeader({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  const { t } = useTranslation('discover');
  return (
    <div className="cf-discover-header">
      <button type="button" className="cf-icon-button" aria-label={t('back')} data-testid="discover-back" onClick={onBack}>
        <ChevronLeftIcon />
      </button>
      <h1 className="cf-discover-header__title">{children}</h1>
    </div>
  );
}
