// Points animation on an earned reward (spec 1 §4): '+{n}' for 3.5 s. Under
// reduced motion it appears and fades without moving (overlays.css).

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { uiConfig } from '../../ui/config';
import { GiftIcon } from '../../ui/icons';
import '../../ui/tokens.css';
import './overlays.css';

export interface RewardBurstProps {
  points: number;
  /** A new value restarts the animation (e.g. the reward's id or time). */
  burstKey: string | number;
  /** Called once the burst has run its 3.5 s; the parent then unmounts it. */
  onDone?: () => void;
}

export function RewardBurst({ points, burstKey, onDone }: RewardBurstProps) {
  const { t } = useTranslation('ui');
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    const timer = setTimeout(() => onDoneRef.current?.(), uiConfig.rewardBurstMs);
    return () => clearTimeout(timer);
  }, [burstKey]);

  return (
    <div key={burstKey} className="cf-reward" role="status" aria-live="polite" style={{ animationDuration: `${uiConfig.rewardBurstMs}ms` }}>
      <GiftIcon size={36} />
      <span className="cf-reward__points">{t('ui:points', { n: points })}</span>
    </div>
  );
}
