// The centre tip from uiState.centerTip: playback hints, zoom tip, reward tip.
// Translated text is capped here (ready text was capped by the store).

import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { uiState } from '../notices/store';
import { capTipText } from '../notices/tip-rules';
import '../ui/tokens.css';
import '../ui/ui.css';

export function CenterTip() {
  const { centerTip } = useSnapshot(uiState);
  const { t } = useTranslation('ui');
  if (!centerTip) return null;
  const content = centerTip.content;
  const text = 'text' in content ? content.text : capTipText(t(content.key, { ...content.params }));
  return (
    // key restarts the fade-in for every new tip.
    <div key={centerTip.id} className="cf-center-tip" role="status" aria-live="polite">
      {text}
    </div>
  );
}
