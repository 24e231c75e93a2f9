// This server's own origin for absolute URLs it hands out (sign-on links, the
// demo partner's address): PUBLIC_URL, else the address it listens on. Never
// the request's Host or X-Forwarded-Host: those are the client's words.

import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

const LOCAL_BINDS = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/** The origin from the configuration alone (before the server listens, or in tests that inject). */
export function configuredOrigin(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  // Loopback and wildcard binds are shown as localhost, as `npm start` prints the address: a visitor's
  // identity lives in one origin's storage, so the links we hand out keep to the one they opened.
  const host = LOCAL_BINDS.has(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

export function ownOrigin(app: FastifyInstance): string {
  if (app.config.publicUrl) return configuredOrigin(app.config);
  const address = app.server.address();
  if (address && typeof address === 'object') {
    return configuredOrigin({ ...app.config, port: address.port });
  }
  return configuredOrigin(app.config);
}
