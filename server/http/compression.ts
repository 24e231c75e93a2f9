// Compression of the API's answers (issue 17, Lighthouse "uses-text-compression"):
// catalogue and config JSON, MacCMS XML, the playlists the server makes, text.
// Brotli, else gzip, as Accept-Encoding allows, from 1 kB, with Vary. app.ts
// registers it in the API routes' scope only: the web app's files and its page
// are compressed ahead (server/static/) and never pass through it. Answers
// already carrying a Content-Encoding, partial content (206) and answers under
// the threshold go as they are. Besides the types below, @fastify/compress
// takes mime-db's compressible ones (the demo provider's HTML pages); media
// segments, MP4 and images are not among them, nor is NDJSON, so the operator
// import's progress lines still stream as written. Request bodies are not
// decompressed: the API's bodies are small, and no client sends them encoded.
//
// BREACH: no answer mixes a standing secret with reflected input under an
// ambient credential. The API takes no cookies (the player credential rides in
// the body, the operator token in a header), so a cross-site page cannot make a
// visitor's browser fetch a secret it does not already hold. The answers that
// hand out a credential or a sign-on token (player init, sso, refresh-token,
// GET /sso, the partner page) are still sent uncompressed (route option
// `compress: false`): a fresh secret next to echoed input is cheap to keep out.

import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';
import { compressionConfig } from './config';

/** JSON, XML and HLS playlists (any charset); mime-db already has text/plain and text/xml. */
const API_TYPES = /^(application\/([\w.-]+\+)?(json|xml)|application\/(vnd\.apple\.mpegurl|x-mpegurl))\s*(;|$)/i;

async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: compressionConfig.thresholdBytes,
    customTypes: API_TYPES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: compressionConfig.brotliQuality } },
    zlibOptions: { level: compressionConfig.gzipLevel },
    globalDecompression: false,
  });
}

export default fp(compression, { name: 'api-compression' });
