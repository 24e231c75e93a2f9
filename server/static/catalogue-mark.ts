// Which catalogue the browsing pages read, named in the page the server sends
// (spec 2 §7 useAlternativeEndpoint, from DATA_DIR/app-config.json): with the
// v2 endpoints on, index.html's inline script does not ask for the discover
// home's MacCMS answers early, which the pages would never use (a slow phone
// would download them for nothing). A meta tag, not a change to the inline
// script, so the script's CSP hash holds.

import { afterCharset } from './first-poster';

/** The meta tag index.html's inline script looks for. */
const alternativeCatalogueMeta = '<meta name="clipfeed-catalogue" content="v2" />';

/** The page with the mark right after the charset (before the inline script) when the v2 endpoints are on. */
export function withCatalogueMark(html: string, alternative: boolean): string {
  return alternative ? afterCharset(html, alternativeCatalogueMeta) : html;
}
