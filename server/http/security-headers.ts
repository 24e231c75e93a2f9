// Security headers (issue 13). Every answer: no MIME sniffing, no framing, a
// referrer policy. The app's pages (index.html, failure.html) also carry a
// Content-Security-Policy under which the app still works: scripts only from
// this origin plus the pages' own inline scripts, allowed by their hashes
// (computed from the built files at start, so a rebuild never needs a config
// change). Media, images and playlist requests may go to any catalogue host,
// so those directives stay open to http(s); what the policy closes is script
// injection, plugins, framing and form hijacking.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** 'sha256-…' sources for every inline script of the page. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(INLINE_SCRIPT)) out.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  return out;
}

/** The app pages' policy, given the inline scripts' hash sources. */
export function appContentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // React sets style attributes; the page has one inline <style>.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' blob: https: http:",
    "connect-src 'self' https: http:",
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy for the built pages in `dist` (their inline scripts' hashes), or null without a build. */
export function appPagePolicy(dist: string | undefined): string | null {
  if (!dist) return null;
  const hashes = new Set<string>();
  for (const page of APP_PAGES) {
    const file = path.join(dist, page);
    if (existsSync(file)) for (const h of inlineScriptHashes(readFileSync(file, 'utf8'))) hashes.add(h);
  }
  return appContentSecurityPolicy([...hashes]);
}

export const APP_PAGES = ['index.html', 'failure.html'] as const;

async function securityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    // A route may be stricter (the partner pages carry tokens in their addresses: no-referrer).
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
