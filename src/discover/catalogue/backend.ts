// The browsing pages' catalogue client: the MacCMS answers, or the v2
// endpoints when the server's app config turns useAlternativeEndpoint on
// (spec 2 §7). The config is fetched at start (server-config/store.ts); a
// call made before it answers waits for it, at most configWaitMs, then
// takes the MacCMS answers. The feed keeps the MacCMS list (spec 1 §7, spec 3
// §7 name its path; index.html's early request and the engine's warm start read it).

import { createCatalogueClient, type CatalogueClient } from '../../api/catalogue';
import { createSwitchingCatalogueClient } from '../../api/catalogue-backend';
import { createCatalogueV2Client } from '../../api/catalogue-v2';
import { i18n } from '../../i18n';
import { catalogueLanguage } from '../../i18n/video-title';
import { appConfigState, loadAppConfig } from '../../server-config/store';
import { catalogueServiceConfig as config } from './config';

async function useAlternative(): Promise<boolean> {
  if (!appConfigState.loaded) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([loadAppConfig(), new Promise<void>((resolve) => (timer = setTimeout(resolve, config.configWaitMs)))]);
    clearTimeout(timer);
  }
  return appConfigState.config.flags.useAlternativeEndpoint;
}

export function pageCatalogueClient(): CatalogueClient {
  return createSwitchingCatalogueClient({
    maccms: createCatalogueClient(),
    alternative: createCatalogueV2Client({ language: () => catalogueLanguage(i18n.language) }),
    useAlternative,
  });
}
