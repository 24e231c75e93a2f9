// What `import … from 'hls.js'` means in the built page (vite.config.ts
// aliases it here; tests and type checking keep the npm package). The page
// loads hls.js's light UMD build as its own deferred classic script, before
// the app's module script (vite.config.ts puts the tag there), because:
// the UMD build starts its transmux worker from its own code (a blob URL),
// while the ESM build needs a separate ~40 kB worker script fetched at the
// worst moment, just as the first fragment competes for a slow link; and the
// two files download in parallel. It is the same file the bench's baseline
// page plays with.

import type HlsClass from 'hls.js';

const Hls = (globalThis as { Hls?: typeof HlsClass }).Hls;
// The startup sequence turns a throw here into its failure page (reload after 5 s).
if (!Hls) throw new Error('hls.js failed to load');

export default Hls;
export const Events = Hls.Events;
export const ErrorTypes = Hls.ErrorTypes;
export const ErrorDetails = Hls.ErrorDetails;
