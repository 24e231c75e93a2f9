// A browser history for the router in node: entries, an index, popstate
// listeners and the events dispatched on "window".

import type { RouterHost } from '../../../src/router/router-store';

interface Entry {
  url: URL;
  state: unknown;
}

export class FakeBrowser implements RouterHost {
  entries: Entry[];
  index = 0;
  events: CustomEvent[] = [];
  pushes = 0;
  readonly history: RouterHost['history'];
  private listeners = new Set<(event: { state: unknown }) => void>();

  constructor(url: string, state: unknown = null) {
    this.entries = [{ url: new URL(url, 'https://clipfeed.example'), state }];
    const entryAt = () => this.entries[this.index];
    const resolve = (url: string | null | undefined) => new URL(url ?? this.href, entryAt().url);
    this.history = {
      get state() {
        return entryAt().state;
      },
      pushState: (data, _unused, url) => {
        this.pushes++;
        this.entries = [...this.entries.slice(0, this.index + 1), { url: resolve(url), state: data }];
        this.index++;
      },
      replaceState: (data, _unused, url) => {
        this.entries[this.index] = { url: resolve(url), state: data };
      },
      back: () => this.go(-1),
    };
  }

  get location() {
    const { pathname, search, hash } = this.entries[this.index].url;
    return { pathname, search, hash };
  }

  /** Path, query and hash of the current entry. */
  get href(): string {
    const { pathname, search, hash } = this.location;
    return `${pathname}${search}${hash}`;
  }

  /** The browser's Back/Forward buttons. */
  go(delta: number): void {
    const next = this.index + delta;
    if (next < 0 || next >= this.entries.length) return;
    this.index = next;
    for (const fn of this.listeners) fn({ state: this.entries[this.index].state });
  }

  addEventListener(_type: 'popstate', listener: (event: { state: unknown }) => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'popstate', listener: (event: { state: unknown }) => void): void {
    this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  dispatchEvent(event: Event): boolean {
    this.events.push(event as CustomEvent);
    return true;
  }
}
