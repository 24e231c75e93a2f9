// A picture that loads when it comes near the viewport (spec 2 §9 lazy-load
// margins) and shows `fallback` instead when it has no usable address or
// fails to load (spec 2 §5: a grey placeholder on cards, an icon elsewhere).

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { imageConfig } from './config';
import { safeImageUrl } from '../lib/image-url';
import { currentPlatform } from '../lib/platform';
import './image-with-fallback.css';

export interface ImageWithFallbackProps {
  src: string | undefined;
  alt?: string;
  /** Load at once and ahead of other images instead of when near the viewport, and paint with the frame that shows it (first cards on screen). */
  eager?: boolean;
  fallback: ReactNode;
  className?: string;
}

function canObserve(): boolean {
  return typeof IntersectionObserver !== 'undefined';
}

export function ImageWithFallback({ src, alt = '', eager = false, fallback, className = '' }: ImageWithFallbackProps) {
  const url = safeImageUrl(src);
  const box = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(eager || !canObserve());
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);

  useEffect(() => {
    if (near || !box.current || !canObserve()) return;
    const margin = imageConfig.lazyMarginPx[currentPlatform()];
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: `${margin}px` },
    );
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [near]);

  const failed = url === null || failedUrl === url;
  return (
    <span ref={box} className={`cf-image ${className}`} data-state={failed ? 'failed' : loadedUrl === url ? 'loaded' : 'loading'}>
      {failed ? (
        fallback
      ) : near ? (
        <img
          className="cf-image__img"
          src={url}
          alt={alt}
          decoding={eager ? 'sync' : 'async'}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          onLoad={() => setLoadedUrl(url)}
          onError={() => setFailedUrl(url)}
        />
      ) : null}
    </span>
  );
}
