// Pinch-zoom and pan maths for the feed video. Pure: sizes and movements in,
// numbers out. Transforms are `translate(tx, ty) scale(s)` with the origin at
// the frame's centre, so a translation of 0 keeps the video centred.

import { zoomConfig } from './config';

/** Gesture intent (spec 3 §4): decided once per touch sequence, then kept. */
export type GestureIntent = 'none' | 'zoom' | 'pan' | 'scroll';

export interface ZoomState {
  scale: number;
  tx: number;
  ty: number;
}

export interface Size {
  width: number;
  height: number;
}

export const IDENTITY: ZoomState = { scale: 1, tx: 0, ty: 0 };

export interface IntentInput {
  /** Fingers on the screen. */
  touches: number;
  /** Change of the distance between two fingers since the gesture started, px. */
  pinchDistanceChange: number;
  /** One-finger movement since the gesture started, px. */
  dx: number;
  dy: number;
  /** Scale when the gesture started. */
  scale: number;
}

/**
 * none -> zoom | pan | scroll. Two fingers moving apart or together by more
 * than 15 px zoom; one finger moving more than 8 px pans a zoomed video, and
 * on an unzoomed video it belongs to the swiper (scroll). An intent already
 * taken is kept until the fingers lift.
 */
export function detectIntent(current: GestureIntent, input: IntentInput, config = zoomConfig): GestureIntent {
  if (current !== 'none') return current;
  if (input.touches >= 2) return Math.abs(input.pinchDistanceChange) > config.pinchThresholdPx ? 'zoom' : 'none';
  if (Math.hypot(input.dx, input.dy) <= config.panThresholdPx) return 'none';
  return isZoomed(input.scale, config) ? 'pan' : 'scroll';
}

export function isZoomed(scale: number, config = zoomConfig): boolean {
  return scale > config.minScale + config.zoomedEpsilon;
}

export function clampScale(scale: number, config = zoomConfig): number {
  if (!Number.isFinite(scale)) return config.minScale;
  return Math.min(config.maxScale, Math.max(config.minScale, scale));
}

/** The nearest snap scale when within tolerance, else the clamped scale itself. */
export function snapScale(scale: number, config = zoomConfig): number {
  const clamped = clampScale(scale, config);
  let best = clamped;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const s of config.snapScales) {
    const d = Math.abs(s - clamped);
    if (d <= config.snapTolerance && d < bestDistance) {
      best = s;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Largest allowed |tx| and |ty|: the scaled picture may slide only until its
 * edge meets the frame's edge. `content` is the picture's displayed size inside
 * the frame (object-fit: contain letterboxes it); a picture still smaller than
 * the frame on an axis stays centred on that axis.
 */
export function panLimits(scale: number, frame: Size, content: Size = frame): { x: number; y: number } {
  return {
    x: Math.max(0, (content.width * scale - frame.width) / 2),
    y: Math.max(0, (content.height * scale - frame.height) / 2),
  };
}

export function clampPan(state: ZoomState, frame: Size, content: Size = frame): ZoomState {
  const limits = panLimits(state.scale, frame, content);
  return {
    scale: state.scale,
    tx: Math.max(-limits.x, Math.min(limits.x, state.tx)),
    ty: Math.max(-limits.y, Math.min(limits.y, state.ty)),
  };
}

/**
 * Zoom to `scale` keeping the point under `origin` (px from the frame's centre)
 * still, then clamp the scale and the pan.
 */
export function zoomAt(state: ZoomState, scale: number, origin: { x: number; y: number }, frame: Size, content: Size = frame, config = zoomConfig): ZoomState {
  const next = clampScale(scale, config);
  const ratio = next / state.scale;
  const tx = origin.x - (origin.x - state.tx) * ratio;
  const ty = origin.y - (origin.y - state.ty) * ratio;
  if (!isZoomed(next, config)) return { ...IDENTITY };
  return clampPan({ scale: next, tx, ty }, frame, content);
}

/** Pan by a movement, kept inside the frame. */
export function panBy(state: ZoomState, dx: number, dy: number, frame: Size, content: Size = frame): ZoomState {
  return clampPan({ scale: state.scale, tx: state.tx + dx, ty: state.ty + dy }, frame, content);
}

/**
 * Where a released pan comes to rest: the release velocity (px/ms, signed)
 * decelerating linearly to 0 over the inertia time covers v * t / 2.
 */
export function inertiaTarget(state: ZoomState, vx: number, vy: number, frame: Size, content: Size = frame, config = zoomConfig): ZoomState {
  const k = config.panInertiaMs / 2;
  return panBy(state, vx * k, vy * k, frame, content);
}

/** End of a pinch: snap the scale (keeping the frame's centre still) and clamp the pan. */
export function settleZoom(state: ZoomState, frame: Size, content: Size = frame, config = zoomConfig): ZoomState {
  return zoomAt(state, snapScale(state.scale, config), { x: 0, y: 0 }, frame, content, config);
}

/** Displayed size of a video of intrinsic size `video` inside `frame` with object-fit: contain. */
export function containedSize(video: Size, frame: Size): Size {
  if (video.width <= 0 || video.height <= 0) return frame;
  const k = Math.min(frame.width / video.width, frame.height / video.height);
  return { width: video.width * k, height: video.height * k };
}

export function zoomTransform(state: ZoomState): string {
  return `translate3d(${state.tx}px, ${state.ty}px, 0) scale(${state.scale})`;
}
