// Floating reset-zoom button (spec 3 §2), shown only while zoomed.

import { useTranslation } from 'react-i18next';
import { ResetZoomIcon } from '../../ui/icons';
import '../../ui/tokens.css';
import '../../ui/ui.css';

export interface ResetZoomButtonProps {
  visible: boolean;
  onReset: () => void;
  className?: string;
}

export function ResetZoomButton({ visible, onReset, className = '' }: ResetZoomButtonProps) {
  const { t } = useTranslation('ui');
  if (!visible) return null;
  return (
    <button type="button" className={`cf-icon-button ${className}`} aria-label={t('ui:zoom.reset')} title={t('ui:zoom.reset')} data-no-swipe onClick={onReset}>
      <ResetZoomIcon />
    </button>
  );
}
