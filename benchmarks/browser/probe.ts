// Installed in every measured page before its scripts run. It records:
// - frames: for each new source a video gets, when its first frame is on
//   screen with playback running: the later of its first presented frame
//   (requestVideoFrameCallback) and its 'playing' event (after the latest
//   play()). The feed attaches the incoming clip while the slide moves in, so
//   its first frame is on screen (paused) before the slide lands; it counts
//   from the moment it plays. A page that loads on swipe (the baseline) plays
//   first and counts from its first frame.
// - landings: for each item the page writes to its timeline (the slide has
//   landed), when the item first showed something, its poster loaded or a
//   frame of its own video presented (0 ms when it already did as the slide
//   moved in), and how many seconds of it played while it was current.
// - firstVisualAt: the first poster of the current slide loaded, or the first
//   frame of any video presented, from navigation.
// - long tasks.
// Plain JS text, not a serialised function: tsx's name helpers (__name) do not exist in the page.

export interface Landing {
  id: string;
  ad: boolean;
  at: number;
  /** Poster or own frame on screen; null while (or if) it never was. */
  visibleAt: number | null;
  /** Seconds of the item's video played while it was current (the video's played ranges). */
  playedS: number;
}

export interface PageProbe {
  frames: { at: number; src: string }[];
  longTasks: { start: number; duration: number }[];
  landings: Landing[];
  firstVisualAt: number | null;
}

declare global {
  interface Window {
    __clipfeedTimeline?: { at: number; id: string; ad: boolean }[];
    __benchProbe?: PageProbe;
  }
}

export const probeScript = `(() => {
  const probe = { frames: [], longTasks: [], landings: [], firstVisualAt: null };
  window.__benchProbe = probe;
  localStorage.setItem('tiktok_swipe_guide_shown', '1');
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {
    // longtask entries unsupported: the figure reads 0
  }
  const firstVisual = (at) => { if (probe.firstVisualAt === null || at < probe.firstVisualAt) probe.firstVisualAt = at; };
  // A video's first presented frame since its current source started loading.
  const presentedAt = new WeakMap();
  const posterLoadedAt = new WeakMap();
  document.addEventListener('load', (e) => {
    const img = e.target;
    if (!(img instanceof HTMLImageElement)) return;
    const now = performance.now();
    posterLoadedAt.set(img, now);
    if (img.closest('.cf-slide--current')) firstVisual(now);
  }, true);

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
    const reset = () => { frameAt = null; playingAt = null; recorded = false; presentedAt.delete(video); };
    video.addEventListener('loadstart', reset);
    video.addEventListener('emptied', reset);
    video.addEventListener('play', () => { playingAt = null; recorded = false; });
    video.addEventListener('playing', () => { playingAt = performance.now(); record(); });
    video.addEventListener('timeupdate', () => {
      const landing = probe.landings[probe.landings.length - 1];
      if (!landing || (video.dataset.itemId !== undefined && video.dataset.itemId !== landing.id)) return;
      let played = 0;
      for (let i = 0; i < video.played.length; i++) played += video.played.end(i) - video.played.start(i);
      if (played > landing.playedS) landing.playedS = played;
    });
    const onFrame = (now) => {
      if (frameAt === null) frameAt = now;
      if (!presentedAt.has(video)) presentedAt.set(video, now);
      firstVisual(now);
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

  // When the landed item shows something: its slide's poster loaded or its own video's frame presented
  // (a page without slides, the baseline, has one video). Checked once per animation frame until then.
  const shownSince = (landing) => {
    const slide = document.querySelector('.cf-slide[data-item-id="' + CSS.escape(landing.id) + '"]');
    const video = slide ? slide.querySelector('video') : document.querySelector('.cf-slide') ? null : document.querySelector('video');
    const times = [];
    if (video && video.readyState >= 2 && presentedAt.has(video)) times.push(presentedAt.get(video));
    const poster = slide ? slide.querySelector('img.cf-slide__poster') : null;
    if (poster && poster.complete && poster.naturalWidth > 0) times.push(posterLoadedAt.get(poster) ?? performance.now());
    return times.length ? Math.max(landing.at, Math.min(...times)) : null;
  };
  const land = (entry) => {
    const landing = { id: entry.id, ad: entry.ad, at: entry.at, visibleAt: null, playedS: 0 };
    probe.landings.push(landing);
    const check = () => {
      if (probe.landings[probe.landings.length - 1] !== landing) return;
      landing.visibleAt = shownSince(landing);
      if (landing.visibleAt === null) requestAnimationFrame(check);
    };
    check();
  };
  const timeline = [];
  timeline.push = function (...entries) {
    for (const entry of entries) {
      Array.prototype.push.call(this, entry);
      land(entry);
    }
    return this.length;
  };
  window.__clipfeedTimeline = timeline;
})();`;
