// This server's own origin for absolute URLs it hands out (sign-on links, the
// demo partner's address): PUBLIC_URL, else the address it listens on. Never
// the request's Host or X-Forwarded-Host: those are the client's words.

import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { hostOrigin } from '../net/upstream-policy';

/** Loopback names as hostOrigin writes them. */
const LOOPBACK_NAMES = new Set(['127.0.0.1', '[::1]']);

/** The origin from the configuration alone (before the server listens, or in tests that inject). */
export function configuredOrigin(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  // The server's address as its own fetches reach it; loopback and wildcard binds are then shown as
  // localhost, as `npm start` prints it: a visitor's identity lives in one origin's storage, so the
  // links we hand out keep to the one they opened.
  const origin = new URL(hostOrigin(config.host, config.port));
  if (LOOPBACK_NAMES.has(origin.hostname)) origin.hostname = 'localhost';
  return origin.origin;
}

export function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  return configuredOrigin(!app.config.publicUrl && address && typeof address === 'object' ? { ...app.config, port: address.port } : app.config);
}
