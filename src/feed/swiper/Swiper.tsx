// Full-screen vertical swiper for the feed. Three slots (previous, current,
// next) sit on a track that follows the finger; the track's transform is
// written straight to the DOM, so a pointer move never re-renders React.
// On release: swipe (spec: drag -> recognised -> 300 ms ease-out -> event) or
// snap back. After onSwipe the track stays on the new slide until the parent
// renders the new activeKey, then returns to 0 before paint: no flash.
//
// Inputs: drag (touch/mouse), wheel (150 ms debounce), ArrowUp/ArrowDown/
// PageUp/PageDown. The drag library loads after the first clip
// (gesture-loader.ts); a swipe made before then is decided from its press
// and release. Touches on controls are left to them (gesture-targets.ts),
// touch is ignored 100 ms after a swipe, two fingers are a pinch (not a swipe).

import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { prefersReducedMotion } from '../../ui/motion';
import { swiperConfig } from './config';
import { isKeyboardExempt, isSwipeExempt, type TargetNode } from './gesture-targets';
import { createTouchGuard, createWheelGate, type Clock } from './input-gates';
import { decideSwipe, dragOffset, type SwipeDirection } from './swipe-decision';
import { useLazyGestures, type EarlyPress } from './gesture-loader';
import '../../ui/tokens.css';
import './swiper.css';

export type SlideOffset = -1 | 0 | 1;

export interface SwiperProps {
  /** Identity of the current item; when it changes the track recentres on the new current slide. */
  activeKey: string | number;
  /** Content of the slot at offset -1 (previous), 0 (current), 1 (next); null for an empty slot. */
  renderSlide: (offset: SlideOffset) => ReactNode;
  /** Optional item key per slot: slots keyed by item move instead of remounting when the index changes. */
  slideKey?: (offset: SlideOffset) => string | number | null;
  /** A swipe was completed towards an existing neighbour; the parent moves its index. */
  onSwipe: (direction: SwipeDirection) => void;
  /** The slide towards that neighbour starts moving (the release animation begins): the parent may get it ready. */
  onSwipeStart?: (direction: SwipeDirection) => void;
  /** A started swipe did not land (the parent did not move to the new item in time): the track goes back. */
  onSwipeCancel?: () => void;
  /** A swipe was recognised towards a missing neighbour (first item, or end of list: load more). */
  onEdge?: (direction: SwipeDirection) => void;
  canGoPrev: boolean;
  canGoNext: boolean;
  /** Ignore every gesture (while switching, while zoomed). */
  locked?: boolean;
  /** Arrow/Page keys on the window; default true. */
  keyboard?: boolean;
  /** Accessible name of the feed region. */
  label?: string;
  className?: string;
  /** Overlays drawn above the slides (they do not move with the track). */
  children?: ReactNode;
  /** Clock for the input gates (tests, or a shared page clock). */
  now?: Clock;
}

type Phase = 'idle' | 'dragging' | 'animating' | 'committing';

const OFFSETS: readonly SlideOffset[] = [-1, 0, 1];

export function Swiper(props: SwiperProps) {
  const { activeKey, renderSlide, slideKey, canGoPrev, canGoNext, locked = false, keyboard = true, label, className = '', children, now = performanceNow } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const phase = useRef<Phase>('idle');
  const height = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const commitTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const suppressClick = useRef(false);
  // Bumped when an animation is overtaken, so its completion is dropped.
  const generation = useRef(0);
  // Latest props for callbacks registered once.
  const live = useRef(props);
  useLayoutEffect(() => {
    live.current = props;
  });
  const gates = useRef<{ wheel: ReturnType<typeof createWheelGate>; touch: ReturnType<typeof createTouchGuard> } | null>(null);
  gates.current ??= { wheel: createWheelGate(now), touch: createTouchGuard(now) };

  const later = useCallback((fn: () => void, ms: number) => {
    const handle = setTimeout(() => {
      timers.current.delete(handle);
      fn();
    }, ms);
    timers.current.add(handle);
    return handle;
  }, []);

  const setTrack = useCallback((y: number, ms: number) => {
    const el = trackRef.current;
    if (!el) return;
    el.style.transition = ms > 0 ? `transform ${ms}ms ${swiperConfig.animationEasing}` : 'none';
    el.style.transform = `translate3d(0, ${y}px, 0)`;
  }, []);

  /** Moves the track and calls `done` when it arrives (transitionend, or a timer when none fires). */
  const animateTo = useCallback(
    (y: number, done: () => void) => {
      const ms = prefersReducedMotion() ? 0 : swiperConfig.animationMs;
      setTrack(y, ms);
      const el = trackRef.current;
      if (ms === 0 || !el) return done();
      const token = ++generation.current;
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        el.removeEventListener('transitionend', onEnd);
        clearTimeout(fallback);
        timers.current.delete(fallback);
        if (token === generation.current) done();
      };
      const onEnd = (event: TransitionEvent) => {
        if (event.target === el && event.propertyName === 'transform') finish();
      };
      el.addEventListener('transitionend', onEnd);
      // No transitionend fires when the track is already there, or in a hidden tab.
      const fallback = later(finish, ms + 50);
    },
    [later, setTrack],
  );

  const snapBack = useCallback(() => {
    if (phase.current === 'committing') live.current.onSwipeCancel?.();
    phase.current = 'animating';
    animateTo(0, () => {
      phase.current = 'idle';
    });
  }, [animateTo]);

  const go = useCallback(
    (direction: SwipeDirection) => {
      const h = height.current || containerRef.current?.clientHeight || 0;
      phase.current = 'animating';
      live.current.onSwipeStart?.(direction);
      animateTo(direction === 'next' ? -h : h, () => {
        phase.current = 'committing';
        gates.current?.touch.markSwiped();
        commitTimer.current = later(() => {
          // The parent did not move to the new item: return to the current one.
          commitTimer.current = null;
          if (phase.current === 'committing') snapBack();
        }, swiperConfig.commitTimeoutMs);
        live.current.onSwipe(direction);
      });
    },
    [animateTo, later, snapBack],
  );

  /** A recognised swipe from any input: move, or report the edge. */
  const request = useCallback(
    (direction: SwipeDirection) => {
      const { canGoNext: next, canGoPrev: prev } = live.current;
      if (direction === 'next' ? next : prev) go(direction);
      else live.current.onEdge?.(direction);
    },
    [go],
  );

  // The parent moved to a new item: recentre before the browser paints.
  useLayoutEffect(() => {
    if (commitTimer.current) {
      clearTimeout(commitTimer.current);
      timers.current.delete(commitTimer.current);
      commitTimer.current = null;
    }
    if (phase.current === 'dragging') return;
    generation.current++;
    setTrack(0, 0);
    phase.current = 'idle';
  }, [activeKey, setTrack]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const handle of pending) clearTimeout(handle);
      pending.clear();
    };
  }, []);

  useEffect(() => {
    if (!keyboard) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const direction = KEY_DIRECTIONS[event.key];
      if (!direction || live.current.locked || phase.current !== 'idle') return;
      if (isKeyboardExempt(event.target instanceof Element ? (event.target as unknown as TargetNode) : null)) return;
      event.preventDefault();
      request(direction);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keyboard, request]);

  /** A swipe's release: swipe, or snap back (and report an edge). */
  const release = useCallback(
    (gesture: { dy: number; dx: number; velocity: number; elapsedMs: number }) => {
      const neighbours = { canGoPrev: live.current.canGoPrev, canGoNext: live.current.canGoNext };
      const decision = decideSwipe(gesture, neighbours);
      if (decision.kind === 'swipe') return go(decision.direction);
      snapBack();
      if (decision.kind === 'edge') live.current.onEdge?.(decision.direction);
    },
    [go, snapBack],
  );

  // A press released before the gesture library arrived (the first seconds of a visit): decided from its two ends.
  const early: EarlyPress = {
    accepts: (target) => !isSwipeExempt(target instanceof Element ? (target as unknown as TargetNode) : null),
    release: (down, up) => {
      if (live.current.locked || phase.current !== 'idle' || !gates.current?.touch.touchAllowed()) return;
      const dy = up.clientY - down.clientY;
      const dx = up.clientX - down.clientX;
      if (Math.abs(dx) <= swiperConfig.tapSlopPx && Math.abs(dy) <= swiperConfig.tapSlopPx) return;
      suppressClick.current = true;
      const elapsedMs = Math.max(1, up.timeStamp - down.timeStamp);
      release({ dy, dx, velocity: Math.abs(dy) / elapsedMs, elapsedMs });
    },
  };

  const gestures = useLazyGestures(
    {
      target: containerRef,
      handlers: {
        onDrag: ({ first, last, canceled, cancel, movement: [mx, my], velocity: [, vy], elapsedTime, touches, event }) => {
          if (first) {
            const target = event.target instanceof Element ? (event.target as unknown as TargetNode) : null;
            if (live.current.locked || phase.current !== 'idle' || !gates.current?.touch.touchAllowed() || isSwipeExempt(target)) {
              cancel();
              return;
            }
            phase.current = 'dragging';
            height.current = containerRef.current?.clientHeight ?? 0;
            suppressClick.current = false;
          }
          if (phase.current !== 'dragging') return;
          const neighbours = { canGoPrev: live.current.canGoPrev, canGoNext: live.current.canGoNext };
          // A second finger makes it a pinch (zoom), never a swipe.
          if (canceled || touches > 1 || live.current.locked) {
            if (!canceled) cancel();
            snapBack();
            return;
          }
          const isTap = Math.abs(mx) <= swiperConfig.tapSlopPx && Math.abs(my) <= swiperConfig.tapSlopPx;
          if (!last) {
            if (!isTap) suppressClick.current = true;
            setTrack(dragOffset(my, neighbours, height.current), 0);
            return;
          }
          if (isTap && !suppressClick.current) {
            setTrack(0, 0);
            phase.current = 'idle';
            return;
          }
          suppressClick.current = true;
          release({ dy: my, dx: mx, velocity: vy, elapsedMs: elapsedTime });
        },
      },
      config: {
        drag: { pointer: { capture: false, keys: false }, filterTaps: false },
        enabled: !locked,
      },
    },
    early,
  );

  const onWheel = (event: React.WheelEvent) => {
    // Ctrl+wheel is a trackpad pinch (zoom).
    if (event.ctrlKey || !gates.current) return;
    const accepted = gates.current.wheel.accept(event.deltaY);
    if (!accepted || live.current.locked || phase.current !== 'idle') return;
    request(event.deltaY > 0 ? 'next' : 'prev');
  };

  // A new press starts afresh: a touch swipe is followed by no click, so the flag set by it must not live on and
  // swallow the next tap (on a control, a press the drag handler leaves alone: the ad's button after a swipe).
  const onPointerDownCapture = () => {
    suppressClick.current = false;
  };

  // After a real drag the browser may still send a click to the slide under the finger (tap-to-pause): swallow it.
  const onClickCapture = (event: React.MouseEvent) => {
    if (!suppressClick.current) return;
    suppressClick.current = false;
    event.stopPropagation();
    event.preventDefault();
  };

  return (
    <div ref={containerRef} className={`cf-swiper ${className}`} role="region" aria-roledescription="carousel" aria-label={label} onPointerDownCapture={onPointerDownCapture} onClickCapture={onClickCapture} onWheel={onWheel}>
      <div ref={trackRef} className="cf-swiper__track">
        {OFFSETS.map((offset) => {
          const content = offset === 0 || (offset === -1 ? canGoPrev : canGoNext) ? renderSlide(offset) : null;
          const key = slideKey?.(offset) ?? `slot${offset}`;
          return (
            <div key={key} className="cf-swiper__slide" style={{ transform: `translate3d(0, ${offset * 100}%, 0)` }} aria-hidden={offset !== 0 || undefined} inert={offset !== 0 || undefined}>
              {content}
            </div>
          );
        })}
      </div>
      {children}
      {gestures}
    </div>
  );
}

const KEY_DIRECTIONS: Record<string, SwipeDirection | undefined> = {
  ArrowDown: 'next',
  PageDown: 'next',
  ArrowUp: 'prev',
  PageUp: 'prev',
};

function performanceNow(): number {
  return performance.now();
}
