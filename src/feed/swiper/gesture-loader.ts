// Gestures without the gesture library in the first download: @use-gesture
// (with GestureBinder.tsx) loads in idle time once the first clip plays, or
// at the first press, whichever comes first. A press made before it arrives
// is kept and replayed to it, so that drag goes on; a press released before it
// arrives is handed to `early.release` (the swiper decides the swipe from
// where it went down and up). Wheel and keys never need the library.

import { createElement, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { GestureBinderProps } from './GestureBinder';
import { inIdle, whenFirstPlays } from '../../lib/first-play';
import { gestureLoadConfig } from './config';

type Binder = ComponentType<GestureBinderProps>;

let loaded: Binder | null = null;
let loading: Promise<void> | null = null;
// Every mounted user waits for the one download, whichever of them started it.
const waiting = new Set<(binder: Binder) => void>();

function loadBinder(): void {
  loading ??= import('./GestureBinder').then(
    ({ GestureBinder }) => {
      loaded = GestureBinder;
      for (const notify of waiting) notify(GestureBinder);
    },
    () => {
      // The next press tries again.
      loading = null;
    },
  );
}

export interface EarlyPress {
  /** Whether a press on this target is the caller's gesture (kept for replay). */
  accepts(target: EventTarget | null): boolean;
  /** A kept press was released before the library arrived. */
  release(down: PointerEvent, up: PointerEvent): void;
}

/** Binds `binding` to its target once the library is there; render the returned node (null until then). */
export function useLazyGestures(binding: Omit<GestureBinderProps, 'pending'>, early?: EarlyPress): ReactNode {
  // A function as initial state would be called by React: the component is wrapped.
  const [binder, setBinder] = useState<Binder | null>(() => loaded);
  const pending = useRef<PointerEvent | null>(null);
  const earlyRef = useRef(early);
  useLayoutEffect(() => {
    earlyRef.current = early;
  });
  const { target } = binding;

  useEffect(() => {
    if (binder) return;
    const onLoaded = (component: Binder) => setBinder(() => component);
    // It arrived between this render and this effect.
    if (loaded) return onLoaded(loaded);
    waiting.add(onLoaded);
    const el = target.current;
    const onDown = (event: PointerEvent) => {
      if (earlyRef.current?.accepts(event.target) && event.isPrimary) pending.current = event;
      loadBinder();
    };
    const onEnd = (event: PointerEvent) => {
      const down = pending.current;
      if (!down || down.pointerId !== event.pointerId) return;
      pending.current = null;
      if (event.type === 'pointerup') earlyRef.current?.release(down, event);
    };
    const stopIdle = afterFirstClip(window, loadBinder);
    el?.addEventListener('pointerdown', onDown);
    el?.addEventListener('wheel', loadBinder, { passive: true });
    window.addEventListener('pointerup', onEnd);
    window.addEventListener('pointercancel', onEnd);
    return () => {
      waiting.delete(onLoaded);
      stopIdle();
      el?.removeEventListener('pointerdown', onDown);
      el?.removeEventListener('wheel', loadBinder);
      window.removeEventListener('pointerup', onEnd);
      window.removeEventListener('pointercancel', onEnd);
    };
  }, [binder, target]);

  return binder ? createElement(binder, { ...binding, pending }) : null;
}

/** Runs `fn` in idle time after a video on the page first plays (or at the latest after mount). */
function afterFirstClip(win: Window, fn: () => void): () => void {
  const first = whenFirstPlays(win, gestureLoadConfig.latestAfterMountMs);
  let cancelled = false;
  let cancelIdle: (() => void) | null = null;
  void first.done.then(() => {
    if (!cancelled) cancelIdle = inIdle(win, fn, gestureLoadConfig.idleTimeoutMs);
  });
  return () => {
    cancelled = true;
    first.cancel();
    cancelIdle?.();
  };
}
