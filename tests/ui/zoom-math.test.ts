import { describe, expect, it } from 'vitest';
import {
  clampPan,
  clampScale,
  containedSize,
  detectIntent,
  inertiaTarget,
  isZoomed,
  panLimits,
  settleZoom,
  snapScale,
  zoomAt,
} from '../../src/feed/zoom/zoom-math';

const frame = { width: 400, height: 800 };
const still = { dx: 0, dy: 0, pinchDistanceChange: 0 };

describe('gesture intent', () => {
  it('two fingers zoom only past 15 px of distance change', () => {
    expect(detectIntent('none', { ...still, touches: 2, pinchDistanceChange: 15, scale: 1 })).toBe('none');
    expect(detectIntent('none', { ...still, touches: 2, pinchDistanceChange: -16, scale: 1 })).toBe('zoom');
  });

  it('one finger pans a zoomed video past 8 px, and scrolls (swiper) an unzoomed one', () => {
    expect(detectIntent('none', { ...still, touches: 1, dx: 8, scale: 2 })).toBe('none');
    expect(detectIntent('none', { ...still, touches: 1, dx: 6, dy: 6, scale: 2 })).toBe('pan');
    expect(detectIntent('none', { ...still, touches: 1, dy: -9, scale: 1 })).toBe('scroll');
  });

  it('keeps an intent once taken', () => {
    expect(detectIntent('scroll', { ...still, touches: 2, pinchDistanceChange: 100, scale: 1 })).toBe('scroll');
    expect(detectIntent('zoom', { ...still, touches: 1, dx: 100, scale: 2 })).toBe('zoom');
  });
});

describe('scale', () => {
  it('is limited to 1-3', () => {
    expect(clampScale(0.4)).toBe(1);
    expect(clampScale(3.7)).toBe(3);
    expect(clampScale(Number.NaN)).toBe(1);
    expect(clampScale(2.2)).toBe(2.2);
  });

  it('snaps to 1, 1.5, 2, 2.5, 3 within 0.15', () => {
    expect(snapScale(1.62)).toBe(1.5);
    expect(snapScale(1.88)).toBe(2);
    expect(snapScale(2.36)).toBe(2.5);
    expect(snapScale(1.1)).toBe(1);
    expect(snapScale(3.4)).toBe(3);
    // Between snap points and beyond tolerance: kept as is.
    expect(snapScale(1.75)).toBe(1.75);
    expect(snapScale(2.22)).toBe(2.22);
  });

  it('treats 1 as not zoomed', () => {
    expect(isZoomed(1)).toBe(false);
    expect(isZoomed(1.005)).toBe(false);
    expect(isZoomed(1.5)).toBe(true);
  });
});

describe('pan bounds', () => {
  it('lets the picture slide until its edge meets the frame edge', () => {
    expect(panLimits(2, frame)).toEqual({ x: 200, y: 400 });
    expect(panLimits(1, frame)).toEqual({ x: 0, y: 0 });
    expect(clampPan({ scale: 2, tx: 500, ty: -900 }, frame)).toEqual({ scale: 2, tx: 200, ty: -400 });
  });

  it('keeps a letterboxed picture centred on the axis where it is still smaller than the frame', () => {
    const content = containedSize({ width: 1920, height: 1080 }, frame);
    expect(content.width).toBeCloseTo(400);
    expect(content.height).toBeCloseTo(225);
    const limits = panLimits(2, frame, content);
    expect(limits.x).toBeCloseTo(200);
    expect(limits.y).toBe(0);
    expect(clampPan({ scale: 3, tx: 0, ty: 300 }, frame, content).ty).toBe(0);
  });

  it('inertia moves on in the release direction and stays in bounds', () => {
    const moved = inertiaTarget({ scale: 2, tx: 0, ty: 0 }, 0.5, -0.2, frame);
    expect(moved.tx).toBeCloseTo(75);
    expect(moved.ty).toBeCloseTo(-30);
    expect(inertiaTarget({ scale: 2, tx: 190, ty: 0 }, 5, 0, frame).tx).toBe(200);
  });
});

describe('zoom around a point', () => {
  it('keeps the pinch origin still', () => {
    const origin = { x: 100, y: -200 };
    const next = zoomAt({ scale: 1, tx: 0, ty: 0 }, 2, origin, frame);
    // The point that was at the origin (content coordinate 100,-200) is still there.
    expect(next.tx + 100 * next.scale).toBeCloseTo(100);
    expect(next.ty - 200 * next.scale).toBeCloseTo(-200);
  });

  it('returns to identity at scale 1 and clamps over 3', () => {
    expect(zoomAt({ scale: 2, tx: 50, ty: 50 }, 0.8, { x: 10, y: 10 }, frame)).toEqual({ scale: 1, tx: 0, ty: 0 });
    expect(zoomAt({ scale: 2, tx: 0, ty: 0 }, 5, { x: 0, y: 0 }, frame).scale).toBe(3);
  });

  it('settling snaps the scale and pulls the pan back in bounds', () => {
    const settled = settleZoom({ scale: 1.58, tx: 150, ty: 0 }, frame);
    expect(settled.scale).toBe(1.5);
    expect(settled.tx).toBeLessThanOrEqual(panLimits(1.5, frame).x);
  });
});
