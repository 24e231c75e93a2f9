// Seekable progress bar (spec 1 §2, spec 3 §2, §5, §9): role=slider, click or
// drag to seek with a time preview, seeks throttled to 50 ms, onUse once per
// interaction (the j counter). A 44 px touch strip around a thin visual bar;
// marked data-no-swipe so the feed swiper leaves it alone.

import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { progressConfig } from './config';
import { clampTime, createThrottle, formatClock, percentOf, timeAtPointer, type Throttle } from './progress-math';
import '../../ui/tokens.css';
import './progress.css';

export interface ProgressBarProps {
  currentTime: number;
  duration: number;
  onSeek: (time: number) => void;
  /** Once per interaction (pointer press or key press sequence). */
  onUse?: () => void;
  disabled?: boolean;
  className?: string;
}

export function ProgressBar({ currentTime, duration, onSeek, onUse, disabled = false, className = '' }: ProgressBarProps) {
  const { t } = useTranslation('ui');
  const trackRef = useRef<HTMLDivElement>(null);
  const throttle = useRef<Throttle<number> | null>(null);
  throttle.current ??= createThrottle<number>(progressConfig.seekThrottleMs, () => performance.now());
  const seekThrottle = throttle.current;
  const [preview, setPreview] = useState<number | null>(null);
  const pointerId = useRef<number | null>(null);
  const usable = !disabled && duration > 0;

  const timeAt = (clientX: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    return rect ? timeAtPointer(clientX, rect, duration) : 0;
  };
  const seek = (time: number | undefined) => {
    if (time !== undefined) onSeek(time);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!usable || pointerId.current !== null || event.button > 0) return;
    event.stopPropagation();
    pointerId.current = event.pointerId;
    event.currentTarget.setPointerCapture(event.pointerId);
    onUse?.();
    seekThrottle.reset();
    const time = timeAt(event.clientX);
    setPreview(time);
    seek(seekThrottle.offer(time));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerId !== pointerId.current) return;
    const time = timeAt(event.clientX);
    setPreview(time);
    seek(seekThrottle.offer(time));
  };
  const end = (event: PointerEvent<HTMLDivElement>, commit: boolean) => {
    if (event.pointerId !== pointerId.current) return;
    pointerId.current = null;
    if (commit) seek(seekThrottle.flush());
    else seekThrottle.reset();
    setPreview(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!usable) return;
    const step = progressConfig.keyboardStepS;
    const targets: Record<string, number> = { ArrowRight: currentTime + step, ArrowUp: currentTime + step, ArrowLeft: currentTime - step, ArrowDown: currentTime - step, Home: 0, End: duration };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    if (!event.repeat) onUse?.();
    onSeek(clampTime(target, duration));
  };

  const shown = preview ?? currentTime;
  const percent = percentOf(shown, duration);
  // The bar re-renders four times a second; its texts change once a second at most, and translating is not free.
  const currentClock = formatClock(shown);
  const totalClock = formatClock(duration);
  const label = useMemo(() => t('ui:progress.label'), [t]);
  const valueText = useMemo(() => t('ui:progress.valueText', { current: currentClock, total: totalClock }), [t, currentClock, totalClock]);
  return (
    <div
      className={`cf-progress${preview !== null ? ' cf-progress--active' : ''}${usable ? '' : ' cf-progress--disabled'} ${className}`}
      role="slider"
      tabIndex={usable ? 0 : -1}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(clampTime(shown, duration))}
      aria-valuetext={valueText}
      aria-disabled={!usable || undefined}
      data-no-swipe
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(e) => end(e, true)}
      onPointerCancel={(e) => end(e, false)}
      onKeyDown={onKeyDown}
    >
      <div ref={trackRef} className="cf-progress__track">
        <div className="cf-progress__fill" style={{ width: `${percent}%` }} />
        <div className="cf-progress__thumb" style={{ left: `${percent}%` }} />
        {preview !== null && (
          <div className="cf-progress__preview" style={{ left: `${percent}%` }} aria-hidden="true">
            {formatClock(preview)} / {formatClock(duration)}
          </div>
        )}
      </div>
    </div>
  );
}
