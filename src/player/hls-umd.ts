// What `import … from 'hls.js'` means in the built page (vite.config.ts
// aliases it here; tests and type checking keep the npm package). The page
// loads hls.js's light UMD build as a classic script of its own, not as a
// module of the app, because: the UMD build starts its transmux worker from
// its own code (a blob URL), while the ESM build needs a separate ~40 kB
// worker script fetched at the worst moment, just as the first fragment
// competes for a slow link; and the two files download in parallel. It is the
// same file the bench's baseline page plays with.
//
// Only the pages that play at once get it with the app (index.html's inline
// script adds it on the feed and a video's play page); elsewhere (discover
// never plays) it is fetched when a player first needs it (hls-load.ts), and
// the app does not wait for it. So what this module exports reads the
// page's global when used, not when the app loads: used before hls.js is
// there, it throws (code that runs at load must not touch it).

import type HlsClass from 'hls.js';

type HlsStatic = typeof HlsClass;

const page = globalThis as { Hls?: HlsStatic };

function loaded(): HlsStatic {
  if (!page.Hls) throw new Error('hls.js is not loaded yet (src/player/hls-load.ts loads it)');
  return page.Hls;
}

const Hls = new Proxy(function Hls() {} as unknown as HlsStatic, {
  construct: (_target, args) => Reflect.construct(loaded(), args) as object,
  get: (_target, key) => Reflect.get(loaded(), key) as unknown,
});

/** One of hls.js's constant tables (events, error types and details), read when used. */
function table<K extends 'Events' | 'ErrorTypes' | 'ErrorDetails'>(name: K): HlsStatic[K] {
  return new Proxy({} as HlsStatic[K], { get: (_target, key) => Reflect.get(loaded()[name], key) as unknown });
}

export default Hls;
export const Events = table('Events');
export const ErrorTypes = table('ErrorTypes');
export const ErrorDetails = table('ErrorDetails');
