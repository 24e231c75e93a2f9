// Placeholder block with the final content's size (UI.md: no jumps when data
// arrives). The shimmer stops under reduced motion (ui.css).

import type { CSSProperties } from 'react';
import './tokens.css';
import './ui.css';

export interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  /** e.g. '16 / 9' or '3 / 4' for posters; height is then derived. */
  aspectRatio?: string;
  radius?: 's' | 'm' | 'l' | 'pill';
  /** Renders this many text lines instead of one block, the last one shorter. */
  lines?: number;
  className?: string;
}

export function Skeleton({ width = '100%', height, aspectRatio, radius = 's', lines, className = '' }: SkeletonProps) {
  const style: CSSProperties = { width, height: height ?? (aspectRatio ? undefined : '1em'), aspectRatio, borderRadius: `var(--cf-radius-${radius})` };
  if (lines && lines > 1) {
    return (
      <span className={`cf-skeleton-lines ${className}`} aria-hidden="true" style={{ width }}>
        {Array.from({ length: lines }, (_, i) => (
          <span key={i} className="cf-skeleton" style={{ ...style, width: i === lines - 1 ? '60%' : '100%' }} />
        ))}
      </span>
    );
  }
  return <span className={`cf-skeleton ${className}`} aria-hidden="true" style={style} />;
}
