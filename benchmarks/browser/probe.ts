// Installed in every measured page before its scripts run: records when
// each video presents its first frame while playing, after a new source or a
// play() (requestVideoFrameCallback), long tasks, and the item timeline the
// feed page (or the baseline) writes. "While playing": the feed decodes the
// incoming clip's first frame (paused) while the slide moves in; what counts
// is the first frame of the clip running, after it became current.
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
    let pending = true;
    video.addEventListener('loadstart', () => { pending = true; });
    video.addEventListener('play', () => { pending = true; });
    const onFrame = (now) => {
      if (pending && !video.paused) {
        pending = false;
        probe.frames.push({ at: now, src: video.currentSrc });
      }
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
