// Where sign-on sends visitors: PARTNER_URL, or this server's demo partner.

import type { ServerConfig } from '../../config';

/** The partner's home page. `origin` is this server's own (PUBLIC_URL or the request's). */
export function partnerHome(config: Pick<ServerConfig, 'partnerUrl' | 'publicUrl'>, origin: string): string {
  if (config.partnerUrl) return config.partnerUrl;
  return new URL('/partner/', config.publicUrl ?? origin).toString();
}

export function withToken(url: string, token: string, param: 'token' | 'visit' = 'token'): string {
  const u = new URL(url);
  u.searchParams.set(param, token);
  return u.toString();
}

/** The app root that restores a returning visitor (spec 1 §2: accessToken on entry). */
export function appReturnUrl(config: Pick<ServerConfig, 'publicUrl'>, token: string): string {
  const root = config.publicUrl ? new URL('/', config.publicUrl).toString() : '/';
  return `${root}?accessToken=${encodeURIComponent(token)}`;
}
