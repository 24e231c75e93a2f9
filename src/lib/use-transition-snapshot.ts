// Selected fields of a valtio store, whose updates render as a React
// transition. useSnapshot renders synchronously on every change
// (useSyncExternalStore); for the feed page that is a 40-70 ms task on a slow
// phone each swipe, which blocks input and the video's events. As a transition
// the render yields every few ms and only the commit runs in one piece. Only a
// change of a selected field (compared with Object.is) re-renders.

import { startTransition, useEffect, useState } from 'react';
import { snapshot, subscribe, type Snapshot } from 'valtio';

export function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

export function useTransitionSnapshot<T extends object, S extends object>(state: T, select: (snap: Snapshot<T>) => S): S {
  const [selected, setSelected] = useState(() => select(snapshot(state)));
  useEffect(() => {
    const update = () => {
      const next = select(snapshot(state));
      startTransition(() => setSelected((previous) => (sameFields(previous, next) ? previous : next)));
    };
    // Changes between the first render and this subscription.
    update();
    return subscribe(state, update);
    // `select` is read once per subscription: callers pass a module-level function.
  }, [state]);
  return selected;
}
