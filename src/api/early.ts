// Answers index.html asked for before the app's JavaScript arrived (the feed's
// first catalogue page and its details, or the discover home's categories and
// first rows; see the inline script there): on a
// slow link these round trips then overlap the bundle download. Each answer is
// used once, by the request for the same URL; anything else fetches normally.

declare global {
  interface Window {
    __clipfeedEarly?: Record<string, Promise<unknown> | undefined>;
  }
}

/** Path + sorted query: the same request however its parameters were ordered or encoded. */
export function requestKey(url: string): string {
  const u = new URL(url, 'http://local');
  const params = [...u.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${u.pathname}?${new URLSearchParams(params).toString()}`;
}

/** The early answer (parsed JSON) for `url`, taken out so it is used once; null when there is none. */
export function takeEarly(url: string, store: Record<string, Promise<unknown> | undefined> | undefined = globalThis.window?.__clipfeedEarly): Promise<unknown> | null {
  if (!store) return null;
  const key = requestKey(url);
  const found = store[key];
  if (!found) return null;
  delete store[key];
  return found;
}
