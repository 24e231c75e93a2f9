// Watches every hls.js instance the page makes, from outside the app: the
// page loads hls.js as a classic script defining window.Hls (src/player/
// hls-umd.ts), so an init script catches that definition and hooks
// loadSource. Recorded per event: errors, the playlist text each instance
// parsed (the worker's prepared playlists never cross the network), and each
// loaded fragment with the key method and IV hls.js will decrypt it with.

import type { Page } from '@playwright/test';

export interface ProbedError {
  type: string;
  details: string;
  fatal: boolean;
  reason: string;
}

export interface ProbedFragment {
  url: string;
  sn: number | string;
  method: string;
  keyUri?: string;
  /** 32 lower-case hex digits. */
  iv?: string;
}

export interface HlsProbe {
  errors: ProbedError[];
  playlists: { url: string; text: string }[];
  fragments: ProbedFragment[];
}

declare global {
  interface Window {
    __hlsProbe?: HlsProbe;
  }
}

export async function installHlsProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // hls.js's event payloads, read defensively (the page's hls.js types are not loaded here).
    type Listener = (event: string, data: any) => void;
    interface HlsInstance {
      on(event: string, listener: Listener): void;
    }
    interface HlsStatic {
      Events: Record<string, string>;
      prototype: { loadSource(this: HlsInstance, url: string): void };
    }
    const probe: HlsProbe = { errors: [], playlists: [], fragments: [] };
    window.__hlsProbe = probe;
    const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    const hooked = new WeakSet<object>();
    let real: HlsStatic | undefined;
    Object.defineProperty(window, 'Hls', {
      configurable: true,
      get: () => real,
      set(Hls: HlsStatic) {
        real = Hls;
        const loadSource = Hls.prototype.loadSource;
        Hls.prototype.loadSource = function (this: HlsInstance, url: string) {
          if (!hooked.has(this)) {
            hooked.add(this);
            const E = Hls.Events;
            this.on(E.ERROR, (_e, d) => probe.errors.push({ type: String(d.type), details: String(d.details), fatal: !!d.fatal, reason: String(d.reason ?? d.error?.message ?? '') }));
            this.on(E.LEVEL_LOADED, (_e, d) => probe.playlists.push({ url: String(d.details?.url), text: String(d.details?.m3u8 ?? '') }));
            this.on(E.FRAG_LOADED, (_e, d) => {
              const key = d.frag.decryptdata;
              const iv = key?.iv instanceof Uint8Array ? hex(key.iv) : undefined;
              probe.fragments.push({ url: String(d.frag.url), sn: d.frag.sn, method: String(key?.method ?? 'NONE'), keyUri: key?.uri, iv });
            });
          }
          return loadSource.call(this, url);
        };
      },
    });
  });
}

export async function readHlsProbe(page: Page): Promise<HlsProbe> {
  const probe = await page.evaluate(() => window.__hlsProbe);
  if (!probe) throw new Error('the hls.js probe was not installed');
  return probe;
}
