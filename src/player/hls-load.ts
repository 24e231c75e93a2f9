// hls.js when a player needs it. index.html's inline script adds hls.js's
// script on the pages that play at once, fetched beside the app's JavaScript;
// the app starts and renders without waiting for it, and only the code that
// makes an hls.js instance waits here (the feed's first preload, its player,
// the play page). On the others (discover never plays) nothing fetches it
// until a page that plays asks here: the feed reached from discover, the play
// page, the diagnostics. In tests and type checking 'hls.js' is the npm
// package, always there.

import Hls from 'hls.js';

type HlsStatic = typeof Hls;

/** What the inline script leaves: the script's address (written by the build), and its fetch when it began it. */
interface PageHls {
  src?: string;
  ready?: Promise<unknown>;
}

const page = () => globalThis as { Hls?: HlsStatic; __clipfeedHls?: PageHls };

/** The page's own hls.js script, or null where the bundled package is used (tests, no build). */
function scriptAddress(): string | null {
  const src = page().__clipfeedHls?.src;
  return typeof src === 'string' && src.startsWith('/') ? src : null;
}

/** Whether hls.js can be used now. */
export function hlsLoaded(): boolean {
  return scriptAddress() === null || page().Hls !== undefined;
}

function addScript(src: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    // A player waits for it: not at an added script's default Low priority.
    script.setAttribute('fetchpriority', 'high');
    script.onload = resolve;
    script.onerror = () => {
      script.remove();
      reject(new Error(`script ${src} did not load`));
    };
    document.head.appendChild(script);
  });
}

let pending: Promise<HlsStatic> | null = null;

/**
 * hls.js, fetched once (again after a failure). A failed fetch says so in the
 * words the outage handling knows (errors/unreachable.ts): the page waiting
 * for it shows the waiting text and reloads when the server answers.
 */
export function loadHls(): Promise<HlsStatic> {
  if (hlsLoaded()) return Promise.resolve(Hls);
  const record = page().__clipfeedHls;
  pending ??= (record?.ready ?? addScript(scriptAddress()!))
    .then(() => {
      if (!page().Hls) throw new Error('hls.js ran without defining window.Hls');
      return Hls;
    })
    .catch((error: unknown) => {
      pending = null;
      if (record) record.ready = undefined;
      throw new Error('Failed to fetch hls.js', { cause: error });
    });
  return pending;
}

/**
 * Whether hls.js is here or on its way with the page (the inline script's fetch; if that fails, the inline script
 * shows the failure page): a page that plays may render now, its player waits (loadHls).
 */
export function hlsOnItsWay(): boolean {
  return hlsLoaded() || page().__clipfeedHls?.ready !== undefined;
}

/** A lazy page's import that also waits for hls.js, fetched alongside its chunk. */
export function withHls<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadHls()]).then(([module]) => module);
}
