// The video pages' back button: a tap goes back, a 1 s press shows a hint in
// the centre tip instead (spec 2 §2.4, spec 3 §2).

import { useEffect, useRef, useState } from 'react';
import { showCenterTip } from '../../notices/store';
import { ChevronLeftIcon } from '../../ui/icons';
import { detailConfig } from './config';
import { createLongPress } from './long-press';

export interface BackButtonProps {
  label: string;
  onBack(): void;
  /** i18n key of the hint a long press shows. */
  hintKey: string;
}

export function BackButton({ label, onBack, hintKey }: BackButtonProps) {
  const hint = useRef(hintKey);
  hint.current = hintKey;
  const [press] = useState(() => createLongPress(detailConfig.backLongPressMs, () => showCenterTip(hint.current, detailConfig.backHintMs)));
  useEffect(() => () => press.dispose(), [press]);
  const cancel = () => press.cancel();
  return (
    <button
      type="button"
      className="cf-icon-button cf-video-back"
      aria-label={label}
      data-testid="video-back"
      onPointerDown={() => press.start()}
      onPointerUp={cancel}
      onPointerLeave={cancel}
      onPointerCancel={cancel}
      onContextMenu={(e) => e.preventDefault()}
      onClick={() => {
        if (!press.takeLong()) onBack();
      }}
    >
      <ChevronLeftIcon />
    </button>
  );
}
