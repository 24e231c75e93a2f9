// The app's run-time configuration (feature flags, feed ads, slot ads) as
// app.appConfig: the defaults handed in by app.ts (the demo's), overridden by
// DATA_DIR/app-config.json, read and validated once when the app is built, so
// a bad file stops it with a message naming each bad field.

import fp from 'fastify-plugin';
import { loadAppConfig, type AppConfig, type AppConfigDefaults } from '../../services/app-config';

declare module 'fastify' {
  interface FastifyInstance {
    appConfig: AppConfig;
  }
}

export default fp<{ defaults: AppConfigDefaults }>(
  async (app, opts) => {
    const loaded = loadAppConfig(app.config.dataDir, opts.defaults);
    if (!loaded.ok) throw new Error(loaded.message);
    app.decorate('appConfig', loaded.config);
  },
  { name: 'app-config', dependencies: ['config'] },
);
