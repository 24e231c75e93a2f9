// Save-Data (issue 17 "Bytes"): a visitor whose browser or carrier sends
// `Save-Data: on` gets the app's page with a Server-Timing entry that says so,
// which the page reads from its navigation timing (src/player/adaptation.ts)
// and feeds to the one Save-Data rule (workers/core/connection-plan.ts): one
// item preloaded, at the lowest level. The page differs by the header, so
// caches are told (Vary).

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { saveDataConfig } from '../../workers/core/config';

/** The request header's value asks to save data ("on", case-insensitive). */
export function wantsSaveData(value: string | string[] | undefined): boolean {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim().toLowerCase() === 'on';
}

async function saveDataHint(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (req, reply) => {
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return;
    reply.header('vary', [reply.getHeader('vary'), 'Save-Data'].filter(Boolean).join(', '));
    if (wantsSaveData(req.headers['save-data'])) reply.header('server-timing', saveDataConfig.serverTimingName);
  });
}

export default fp(saveDataHint, { name: 'save-data-hint' });
