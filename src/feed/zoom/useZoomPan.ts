// Pinch-zoom and pan on the feed video (spec 3 §4-§5, §9). Gestures are read on
// `frameRef` (the video wrapper); the transform is written to `contentRef` via
// the DOM, so moves never re-render React. Only `zoomed` is React state.
// While zoomed, one-finger drags pan: the frame carries data-zoomed, which the
// Swiper treats as a no-swipe area (wheel and keys still change video).
// The gesture library loads after the first clip: nobody zooms before it plays.

import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLazyGestures } from '../swiper/gesture-loader';
import { showCenterTip } from '../../notices/store';
import { uiConfig } from '../../ui/config';
import { prefersReducedMotion } from '../../ui/motion';
import { zoomConfig } from './config';
import { containedSize, detectIntent, IDENTITY, inertiaTarget, isZoomed, panBy, settleZoom, zoomAt, zoomTransform, type GestureIntent, type Size, type ZoomState } from './zoom-math';

export interface ZoomPanOptions {
  /** Off: no gestures, and the transform is reset. Default true. */
  enabled?: boolean;
  /** A new value (e.g. the item id) resets the zoom without animation. */
  resetKey?: unknown;
}

export interface ZoomPan {
  zoomed: boolean;
  /** Back to scale 1 with the zoom animation. */
  reset(): void;
  /** Render it anywhere in the page: it binds the gestures once their library has loaded (gesture-loader.ts). */
  gestures: ReactNode;
}

interface Memo {
  start: ZoomState;
  intent: GestureIntent;
}

function frameOf(el: HTMLElement | null): { size: Size; left: number; top: number } {
  const rect = el?.getBoundingClientRect();
  return { size: { width: rect?.width ?? 0, height: rect?.height ?? 0 }, left: rect?.left ?? 0, top: rect?.top ?? 0 };
}

/** The picture's displayed size: a video is letterboxed by object-fit: contain. */
function contentSizeOf(el: HTMLElement | null, frame: Size): Size {
  const video = el instanceof HTMLVideoElement ? el : el?.querySelector('video');
  return video && video.videoWidth > 0 ? containedSize({ width: video.videoWidth, height: video.videoHeight }, frame) : frame;
}

export function useZoomPan(frameRef: RefObject<HTMLElement | null>, contentRef: RefObject<HTMLElement | null>, options: ZoomPanOptions = {}): ZoomPan {
  const { enabled = true, resetKey } = options;
  const [zoomed, setZoomed] = useState(false);
  const current = useRef<ZoomState>({ ...IDENTITY });
  const wasZoomed = useRef(false);
  const panned = useRef(false);
  // The elements last styled: a new item may bring new ones (the feed's slides), and the old must not stay zoomed.
  const styled = useRef<{ frame: HTMLElement | null; content: HTMLElement | null }>({ frame: null, content: null });

  const apply = useCallback(
    (state: ZoomState, ms: number) => {
      current.current = state;
      const { frame: oldFrame, content: oldContent } = styled.current;
      if (oldFrame && oldFrame !== frameRef.current) oldFrame.removeAttribute('data-zoomed');
      if (oldContent && oldContent !== contentRef.current) oldContent.style.transform = '';
      styled.current = { frame: frameRef.current, content: contentRef.current };
      // Tells the Swiper (gesture-targets.ts) not to start a swipe on a zoomed video.
      frameRef.current?.toggleAttribute('data-zoomed', isZoomed(state.scale));
      const el = contentRef.current;
      if (!el) return;
      const duration = prefersReducedMotion() ? 0 : ms;
      el.style.transformOrigin = 'center center';
      el.style.transition = duration > 0 ? `transform ${duration}ms ease-out` : 'none';
      el.style.transform = isZoomed(state.scale) ? zoomTransform(state) : '';
    },
    [contentRef, frameRef],
  );

  /** Called when a gesture settles: updates React state and shows the tip on entering zoom. */
  const publish = useCallback(() => {
    const now = isZoomed(current.current.scale);
    if (now && !wasZoomed.current) showCenterTip('ui:zoom.tip', uiConfig.zoomTipMs);
    wasZoomed.current = now;
    setZoomed(now);
  }, []);

  const reset = useCallback(() => {
    apply({ ...IDENTITY }, zoomConfig.zoomAnimationMs);
    publish();
  }, [apply, publish]);

  useEffect(() => {
    const el = frameRef.current;
    if (!el) return;
    // The browser must not pan or zoom the page under the fingers.
    el.style.touchAction = 'none';
    // The click that ends a pan must not reach the video (tap to pause).
    const onClick = (event: MouseEvent) => {
      if (!panned.current) return;
      panned.current = false;
      event.stopPropagation();
      event.preventDefault();
    };
    el.addEventListener('click', onClick, true);
    return () => el.removeEventListener('click', onClick, true);
  }, [frameRef, resetKey]);

  useEffect(() => {
    apply({ ...IDENTITY }, 0);
    wasZoomed.current = false;
    setZoomed(false);
  }, [resetKey, enabled, apply]);

  const gestures = useLazyGestures({
    handlers: {
      onPinch: ({ first, last, movement: [ratio], da: [distance], initial: [startDistance], origin: [ox, oy], type, memo }) => {
        const m: Memo = first || !memo ? { start: { ...current.current }, intent: 'none' } : memo;
        // Ctrl+wheel (trackpad pinch) is an explicit zoom; fingers must pass the threshold.
        const change = type === 'wheel' ? Number.POSITIVE_INFINITY : distance - startDistance;
        m.intent = detectIntent(m.intent, { touches: 2, pinchDistanceChange: change, dx: 0, dy: 0, scale: m.start.scale });
        if (m.intent !== 'zoom') return m;
        const frame = frameOf(frameRef.current);
        const content = contentSizeOf(contentRef.current, frame.size);
        const origin = { x: ox - frame.left - frame.size.width / 2, y: oy - frame.top - frame.size.height / 2 };
        apply(zoomAt(m.start, m.start.scale * ratio, origin, frame.size, content), 0);
        if (last) {
          apply(settleZoom(current.current, frame.size, content), zoomConfig.zoomAnimationMs);
          publish();
        }
        return m;
      },
      onDrag: ({ first, last, movement: [mx, my], velocity: [vx, vy], direction: [dirX, dirY], touches, pinching, memo, cancel }) => {
        if (pinching || touches > 1) return memo;
        if (first) {
          // Not zoomed: the drag belongs to the swiper.
          if (!isZoomed(current.current.scale)) {
            cancel();
            return undefined;
          }
          memo = { start: { ...current.current }, intent: 'none' } satisfies Memo;
          panned.current = false;
        }
        const m = memo as Memo | undefined;
        if (!m) return memo;
        m.intent = detectIntent(m.intent, { touches: 1, pinchDistanceChange: 0, dx: mx, dy: my, scale: m.start.scale });
        if (m.intent !== 'pan') return m;
        panned.current = true;
        const frame = frameOf(frameRef.current);
        const content = contentSizeOf(contentRef.current, frame.size);
        apply(panBy(m.start, mx, my, frame.size, content), 0);
        // use-gesture reports speed magnitudes; the direction gives the sign.
        if (last) apply(inertiaTarget(current.current, vx * dirX, vy * dirY, frame.size, content), zoomConfig.panInertiaMs);
        return m;
      },
    },
    target: frameRef,
    config: {
      enabled,
      eventOptions: { passive: false },
      // Start from our scale: after a reset use-gesture's own offset would otherwise still hold the old one.
      pinch: { scaleBounds: { min: zoomConfig.minScale, max: zoomConfig.maxScale }, rubberband: true, from: () => [current.current.scale, 0] },
      drag: { pointer: { capture: false, keys: false } },
    },
  });

  return { zoomed, reset, gestures };
}
