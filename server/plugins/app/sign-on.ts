// The sign-on settings as app.signOn: the secret that signs sign-on, return
// and watch tokens, how long a sign-on token lives, and where the partner's
// home page is. Shared by the player API and the demo partner site, which
// must agree on the secret.

import fp from 'fastify-plugin';
import { securityDefaults } from '../../config';
import { ownOrigin } from '../../http/own-origin';
import { loadSsoSecret } from '../../security/secret';
import { partnerHome } from '../../services/sso/partner-url';

export interface SignOn {
  secret: string;
  ttlS: number;
  /** The partner's home page (PARTNER_URL, or this server's demo partner). */
  partnerHome(): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    signOn: SignOn;
  }
}

export default fp(
  async (app) => {
    const config = app.config;
    // start.ts fills ssoSecret; an app built without one keeps a generated secret in DATA_DIR.
    const secret = config.ssoSecret ?? loadSsoSecret(undefined, config.dataDir);
    app.decorate('signOn', {
      secret,
      ttlS: securityDefaults.ssoTokenTtlS,
      // Never from the request's Host or forwarded headers (a sign-on link must not point where a client says).
      partnerHome: () => partnerHome(config, ownOrigin(app)),
    } satisfies SignOn);
  },
  { name: 'sign-on', dependencies: ['config'] },
);
