// Loading spinner with staged text (spec 1 §2): the message moves through
// `stages` (i18n keys) as the wait grows and stays on the last one.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uiConfig } from './config';
import { stageAt, VIDEO_LOADING_STAGES } from './loading-stages';
import './tokens.css';
import './ui.css';

export interface SpinnerProps {
  /** i18n keys shown in turn; [] shows no text. Default: the video loading stages. */
  stages?: readonly string[];
  stageMs?: number;
  size?: 'small' | 'large';
  /** Covers its positioned parent with a scrim (loading overlays). */
  overlay?: boolean;
  className?: string;
}

export function Spinner({ stages = VIDEO_LOADING_STAGES, stageMs = uiConfig.loadingStageMs, size = 'large', overlay = false, className = '' }: SpinnerProps) {
  const { t } = useTranslation('ui');
  const [stage, setStage] = useState(0);
  const stagesKey = stages.join('|');

  useEffect(() => {
    setStage(0);
    if (stages.length < 2) return;
    const start = Date.now();
    const timer = setInterval(() => {
      const next = stageAt(Date.now() - start, stages.length, stageMs);
      setStage(next);
      if (next >= stages.length - 1) clearInterval(timer);
    }, stageMs);
    return () => clearInterval(timer);
    // stagesKey stands for the array's content: a new array with the same keys must not restart the stages.
  }, [stagesKey, stageMs]);

  const text = stages.length > 0 ? t(stages[Math.min(stage, stages.length - 1)]) : t('ui:loading.generic');
  return (
    <div className={`cf-spinner cf-spinner--${size}${overlay ? ' cf-spinner--overlay' : ''} ${className}`} role="status" aria-live="polite">
      <span className="cf-spinner__ring" aria-hidden="true" />
      {stages.length > 0 ? <span className="cf-spinner__text">{text}</span> : <span className="cf-visually-hidden">{text}</span>}
    </div>
  );
}
