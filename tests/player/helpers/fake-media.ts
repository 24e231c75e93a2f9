// Fakes for the player layer in node: an hls.js instance (the HlsLike part the
// pool and controller use) and a <video> (an EventTarget with the fields the
// controller and media-state table read).

type Listener = (...args: unknown[]) => void;

export class FakeHls {
  media: unknown = null;
  bandwidthEstimate = NaN;
  startLoads: number[] = [];
  attaches = 0;
  config = { maxBufferLength: 8 };
  listeners = new Map<string, Set<Listener>>();
  /** `announcesAttach`: emits hlsMediaAttached as hls.js does (false: an attach that never completes). */
  constructor(private readonly announcesAttach = true) {}
  loadSource() {}
  attachMedia(m: unknown) {
    this.media = m;
    this.attaches++;
    if (this.announcesAttach) this.emit('hlsMediaAttached', { media: m });
  }
  detachMedia() {
    this.media = null;
  }
  startLoad(p: number) {
    this.startLoads.push(p);
  }
  stopLoad() {}
  recoverMediaError() {}
  swapAudioCodec() {}
  destroy() {}
  on(e: string, fn: Listener) {
    if (!this.listeners.has(e)) this.listeners.set(e, new Set());
    this.listeners.get(e)!.add(fn);
  }
  off(e: string, fn: Listener) {
    this.listeners.get(e)?.delete(fn);
  }
  emit(e: string, data: unknown) {
    for (const fn of [...(this.listeners.get(e) ?? [])]) fn(e, data);
  }
}

export class FakeVideo extends EventTarget {
  currentTime = 0;
  duration = 40;
  muted = false;
  ended = false;
  readyState = 0;
  error = null;
  currentSrc = '';
  buffered = { length: 0, start: () => 0, end: () => 0 };
  paused = true;
  plays = 0;
  play = () => {
    this.plays++;
    this.paused = false;
    return Promise.resolve();
  };
  pause() {
    this.paused = true;
  }
  load() {}
  removeAttribute() {}
}
