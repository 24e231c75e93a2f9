// The app config answer (GET /api/v1/app/config) embedded in the page GET /
// sends, as a JSON data block the app reads before its first render
// (src/server-config/store.ts). Without it the first render used the built-in
// defaults (two tabs, the live button, no slot ads) and the answer, a round
// trip later, reshaped the page: a layout shift on every first visit, and one
// request more on a slow link. A data block is not run, so the page's CSP
// (script hashes) does not apply to it.

import type { AppConfigAnswer } from '../services/app-config';

/** The element id the app looks for (src/server-config/embedded.ts). */
export const APP_CONFIG_ELEMENT_ID = 'clipfeed-app-config';

/** JSON safe inside a script element: no `<` can close it or open a comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The page with the answer as a data block just before </body> (the app's module script runs after the parse); unchanged without a body end. */
export function withAppConfig(html: string, answer: AppConfigAnswer): string {
  const at = html.lastIndexOf('</body>');
  if (at < 0) return html;
  const block = `<script type="application/json" id="${APP_CONFIG_ELEMENT_ID}">${scriptSafeJson(answer)}</script>`;
  return `${html.slice(0, at)}${block}${html.slice(at)}`;
}
