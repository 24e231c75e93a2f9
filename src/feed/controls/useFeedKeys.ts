// The feed's own keys (../shared/UI.md: "the feed operable by keyboard (up/down,
// space, m)"): m mutes or unmutes, Space plays or pauses. Up/down belong to the
// swiper. A key meant for something else is left alone: a text field, a
// slider, a focused button or link (Space presses it), an open dialog or sheet,
// or a key with a modifier.

import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { sheetsState } from '../../router/sheets';
import { isKeyboardExempt, type TargetNode } from '../swiper/gesture-targets';

const OWN_CONTROL = 'button, a[href], [role="button"], [role="switch"], [role="checkbox"]';

export interface FeedKeyActions {
  toggleMute(): void;
  togglePause(): void;
}

/** Which action a key press asks for, or null when the key is not the feed's. */
export function feedKeyAction(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'defaultPrevented'>, target: TargetNode | null): keyof FeedKeyActions | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  const action = event.key === 'm' || event.key === 'M' ? 'toggleMute' : event.key === ' ' ? 'togglePause' : null;
  if (!action || isKeyboardExempt(target)) return null;
  if (action === 'togglePause' && target?.closest(OWN_CONTROL)) return null;
  return action;
}

/** The keys work while `enabled` and no sheet covers the feed. */
export function useFeedKeys(enabled: boolean, actions: FeedKeyActions): void {
  const sheetOpen = useSnapshot(sheetsState).open !== null;
  const active = enabled && !sheetOpen;
  const live = useRef(actions);
  live.current = actions;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      const action = feedKeyAction(event, event.target instanceof Element ? (event.target as unknown as TargetNode) : null);
      if (!action) return;
      event.preventDefault();
      live.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
