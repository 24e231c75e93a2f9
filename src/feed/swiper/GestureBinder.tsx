// The gesture library's side of useLazyGestures (gesture-loader.ts): this
// module and @use-gesture load after the first clip, not with the page. It
// binds the handlers to the target element and, once bound, replays the
// pointer-down that arrived while it was loading, so that gesture completes.

import { useGesture, type GestureHandlers, type UserGestureConfig } from '@use-gesture/react';
import { useEffect, type RefObject } from 'react';

export interface GestureBinderProps {
  target: RefObject<HTMLElement | null>;
  handlers: GestureHandlers;
  config: Omit<UserGestureConfig, 'target'>;
  /** A pointer still down that pressed before the library was there; taken (set to null) when replayed. */
  pending?: { current: PointerEvent | null };
}

export function GestureBinder({ target, handlers, config, pending }: GestureBinderProps) {
  useGesture(handlers, { ...config, target } as UserGestureConfig);
  // Runs after useGesture's own effect has attached its listeners to the target.
  useEffect(() => {
    const down = pending?.current;
    if (!pending || !down) return;
    pending.current = null;
    const origin = down.target instanceof Element && down.target.isConnected ? down.target : target.current;
    origin?.dispatchEvent(new PointerEvent('pointerdown', copyPointer(down)));
  }, [pending, target]);
  return null;
}

function copyPointer(e: PointerEvent): PointerEventInit {
  const { pointerId, pointerType, isPrimary, clientX, clientY, screenX, screenY, button, buttons, width, height, pressure } = e;
  return { bubbles: true, cancelable: true, composed: true, pointerId, pointerType, isPrimary, clientX, clientY, screenX, screenY, button, buttons, width, height, pressure };
}
