// "Once the first clip plays": what waits for it (the gesture library, the
// service worker's precache downloads) would otherwise share a slow network
// and a slow CPU with the first clip's fragment (issue 17). Media events do
// not bubble: `playing` is caught in the capture phase.

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

export interface FirstPlay {
  /** Settles when a video on the page first plays (at once when one plays already), or `latestMs` after the call. */
  done: Promise<void>;
  cancel: () => void;
}

function somethingPlays(win: Window): boolean {
  return Array.from(win.document.querySelectorAll('video')).some((video) => !video.paused && video.readyState >= 3);
}

export function whenFirstPlays(win: Window, latestMs: number): FirstPlay {
  let cancel = () => undefined as void;
  const done = new Promise<void>((resolve) => {
    if (somethingPlays(win)) {
      resolve();
      return;
    }
    const finish = () => {
      cancel();
      resolve();
    };
    const latest = win.setTimeout(finish, latestMs);
    cancel = () => {
      win.clearTimeout(latest);
      win.document.removeEventListener('playing', finish, true);
    };
    win.document.addEventListener('playing', finish, true);
  });
  return { done, cancel: () => cancel() };
}

/** Runs `task` in an idle moment (at most `timeoutMs` away); returns a cancel. */
export function inIdle(win: IdleWindow, task: () => void, timeoutMs: number): () => void {
  if (win.requestIdleCallback && win.cancelIdleCallback) {
    const handle = win.requestIdleCallback(task, { timeout: timeoutMs });
    return () => win.cancelIdleCallback?.(handle);
  }
  const handle = win.setTimeout(task, 0);
  return () => win.clearTimeout(handle);
}
