// A progress bar that animates to its new percentage (spec 2 §2.6, §4): the
// transition takes up to 800 ms, proportional to the distance, and starts
// from 0 when the bar first appears. Reduced motion skips it (credits.css).

import { useEffect, useRef, useState } from 'react';
import { progressAnimationMs } from './watch-progress';

export interface ProgressBarProps {
  percent: number;
  label: string;
  /** Value text for screen readers, e.g. "2 of 5 videos". */
  valueText?: string;
}

export function ProgressBar({ percent, label, valueText }: ProgressBarProps) {
  const [shown, setShown] = useState(0);
  const [durationMs, setDurationMs] = useState(0);
  const previous = useRef(0);

  useEffect(() => {
    // One frame at the old width first, so the browser has something to transition from.
    const frame = requestAnimationFrame(() => {
      setDurationMs(progressAnimationMs(previous.current, percent));
      setShown(percent);
      previous.current = percent;
    });
    return () => cancelAnimationFrame(frame);
  }, [percent]);

  return (
    <div className="cf-progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={valueText}>
      <div className="cf-progress__fill" style={{ width: `${shown}%`, transitionDuration: `${durationMs}ms` }} />
    </div>
  );
}
