// The app config answer the first render uses, before any request: the one
// the server embedded in the page (server/static/app-config-embed.ts), else
// the last one this browser received (the service worker serves the page as
// built, with nothing embedded), else none and the built-in defaults apply.
// Rendering with defaults and reshaping a round trip later moved the tabs,
// the top buttons and the slot ads: a layout shift on every visit.

import { pageLocalStorage, type KeyValueStore } from '../lib/key-value-store';
import { serverConfigConfig } from './config';

type Store = Pick<KeyValueStore, 'getItem' | 'setItem'> | null;

function parsed(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The answer embedded in the page, or null (unparsed: the caller validates it like a fetched one). */
export function embeddedAnswer(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document): unknown {
  return parsed(doc?.getElementById(serverConfigConfig.embeddedElementId)?.textContent);
}

/** The last answer this browser received, or null. */
export function rememberedAnswer(store: Store = pageLocalStorage()): unknown {
  try {
    return parsed(store?.getItem(serverConfigConfig.rememberKey));
  } catch {
    return null;
  }
}

export function rememberAnswer(answer: unknown, store: Store = pageLocalStorage()): void {
  try {
    store?.setItem(serverConfigConfig.rememberKey, JSON.stringify(answer));
  } catch {
    // Storage full or refused: the next visit renders with the defaults first, as before.
  }
}
