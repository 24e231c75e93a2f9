// size-limit (CI: after `vite build`): the JavaScript of the feed's first
// visit, i.e. every script and modulepreload that dist/index.html names and
// the hls.js its inline script adds there, gzipped one by one and summed. The
// names carry content hashes, so they are read from the built page rather than
// written here. Issue 17's target is 210 kB; the limit is a ratchet at today's
// figure (about 299 kB) because hls.js's light build (120 kB) and react-dom
// (62 kB), both the chosen stack and both needed for the first clip, leave 29
// kB for the rest (benchmarks/README.md has the per-part table). Lower it as
// the figure falls; never raise it without saying why. Raised once, from 300
// to 302 kB: the per-language texts and names of issue 16 point 7
// (localized-text, 1.3 kB) arrived with the first visit's ad and selector.
// Raised again, from 302 to 303 kB: the identity now reads the device
// fingerprint after the first play, in idle tasks (issue 17, TBT), which
// brings the 0.6 kB first-play helper (src/lib/first-play.ts) into the first
// visit; it takes about 95 ms (4x CPU) out of the first long task.
// Lowered from 303 to 297 kB: the start-up code is one chunk
// (build/initial-chunk.ts) instead of about fifteen, which also compresses
// better (302.75 -> 296.68 kB).

import { readFileSync } from 'node:fs';

const html = readFileSync(new URL('./dist/index.html', import.meta.url), 'utf8');
// hls.js is named in the inline start-up script instead, which adds it on the feed (index.html).
const hls = [...html.matchAll(/'\/(assets\/hls\.light-[\w-]+\.js)'/g)].map((match) => `dist/${match[1]}`);
const initial = [...[...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => `dist/${match[1]}`), ...hls];
if (initial.length === 0) throw new Error('dist/index.html names no script: build first (npm run build)');

export default [{ name: "feed's first visit: initial JS", path: initial, gzip: true, limit: '297 kB' }];
