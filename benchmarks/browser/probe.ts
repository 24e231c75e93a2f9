// Installed in every measured page before its scripts run: records, for each
// new source a video gets, when its first frame is on screen with playback
// running: the later of its first presented frame (requestVideoFrameCallback)
// and its 'playing' event (after the latest play()). The feed attaches the
// incoming clip while the slide moves in, so its first frame is on screen
// (paused) before the slide lands; it counts from the moment it plays. A page
// that loads on swipe (the baseline) plays first and counts from its first
// frame. Also long tasks, and the item timeline the page writes.
// Plain JS text, not a serialised function: tsx's name helpers (__name) do not exist in the page.

export interface PageProbe {
  frames: { at: number; src: string }[];
  longTasks: { start: number; duration: number }[];
}

declare global {
  interface Window {
    __clipfeedTimeline?: { at: number; id: string; ad: boolean }[];
    __benchProbe?: PageProbe;
  }
}

export const probeScript = `(() => {
  const probe = { frames: [], longTasks: [] };
  window.__benchProbe = probe;
  window.__clipfeedTimeline = [];
  localStorage.setItem('tiktok_swipe_guide_shown', '1');
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {
    // longtask entries unsupported: the figure reads 0
  }
  const watched = new WeakSet();
  const watch = (video) => {
    if (watched.has(video)) return;
    watched.add(video);
    let frameAt = null;
    let playingAt = null;
    let recorded = false;
    const record = () => {
      if (recorded || frameAt === null || playingAt === null || video.paused) return;
      recorded = true;
      probe.frames.push({ at: Math.max(frameAt, playingAt), src: video.currentSrc });
    };
    video.addEventListener('loadstart', () => { frameAt = null; playingAt = null; recorded = false; });
    video.addEventListener('play', () => { playingAt = null; recorded = false; });
    video.addEventListener('playing', () => { playingAt = performance.now(); record(); });
    const onFrame = (now) => {
      if (frameAt === null) frameAt = now;
      record();
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  // New <video> elements are found by a MutationObserver: polling every frame would add main-thread work to what is measured.
  const scan = () => document.querySelectorAll('video').forEach(watch);
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1 && (n.tagName === 'VIDEO' || n.querySelector('video'))) return scan();
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', scan);
})();`;
