// 'Tap to unmute' pill (spec 3 §2): autoplay with sound was blocked, so the
// player runs muted until the visitor asks for sound.

import { useTranslation } from 'react-i18next';
import { MutedIcon } from '../../ui/icons';
import '../../ui/tokens.css';
import './overlays.css';

export interface UnmuteHintProps {
  visible: boolean;
  onUnmute: () => void;
  className?: string;
}

export function UnmuteHint({ visible, onUnmute, className = '' }: UnmuteHintProps) {
  const { t } = useTranslation('ui');
  if (!visible) return null;
  return (
    <button type="button" className={`cf-pill-button cf-unmute ${className}`} data-no-swipe onClick={onUnmute}>
      <MutedIcon size={20} />
      <span>{t('ui:unmute')}</span>
    </button>
  );
}
