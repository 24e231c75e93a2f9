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
  destroyed = false;
  /** hls.js detaches its media when destroyed. */
  destroy() {
    this.destroyed = true;
    this.media = null;
  }
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

/** A <source> child as the native player's typed source makes it. */
export class FakeSource {
  type = '';
  src = '';
  attributes = new Set<string>();
  parent: FakeVideo | null = null;
  setAttribute(name: string) {
    this.attributes.add(name);
  }
  remove() {
    if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = null;
  }
}

export class FakeVideo extends EventTarget {
  src = '';
  children: FakeSource[] = [];
  loads = 0;
  /** What canPlayType answers for the HLS playlist type ('' = no native HLS). */
  nativeHls = '';
  ownerDocument = { createElement: () => new FakeSource() };
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
  load() {
    this.loads++;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  canPlayType() {
    return this.nativeHls;
  }
  append(child: FakeSource) {
    child.parent = this;
    this.children.push(child);
  }
  querySelectorAll(selector: string) {
    const mark = /\[([^\]]+)\]/.exec(selector)?.[1];
    return this.children.filter((c) => !mark || c.attributes.has(mark));
  }
}
