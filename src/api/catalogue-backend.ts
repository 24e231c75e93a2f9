// Which catalogue backend answers (spec 2 §7): the MacCMS answers, or the
// alternative v2 endpoints when the app config's useAlternativeEndpoint flag
// is on. The choice is made per call, so a config that arrives after the
// first calls switches the ones after it; callers see one CatalogueClient.

import type { CatalogueClient } from './catalogue';

export interface CatalogueBackends {
  maccms: CatalogueClient;
  alternative: CatalogueClient;
  /** Whether the alternative backend is to be used (it may wait, briefly, for the app config). */
  useAlternative: () => boolean | Promise<boolean>;
}

export function createSwitchingCatalogueClient(backends: CatalogueBackends): CatalogueClient {
  const pick = async () => ((await backends.useAlternative()) ? backends.alternative : backends.maccms);
  return {
    list: async (query, options) => (await pick()).list(query, options),
    detail: async (ids, options) => (await pick()).detail(ids, options),
    categories: async (options) => (await pick()).categories(options),
  };
}
