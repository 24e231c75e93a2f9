// Fetches a media file only so the browser's HTTP cache holds it when the
// player asks for it: a request shaped like hls.js's XHR (GET, default cache
// mode, same-origin credentials), its whole body read so the cache entry is
// complete. A response the cache may not keep (no-store) is dropped at once:
// reading it would only download it twice. Never throws; false means the
// player fetches the file itself.

import type { FetchLike } from './fetch-playlist';

/** Whether the HTTP cache may keep a response with these Cache-Control directives. */
export function storable(cacheControl: string | null): boolean {
  return !cacheControl || !/(^|[\s,])no-store([\s,;=]|$)/i.test(cacheControl);
}

export async function fetchIntoCache(url: string, options: { fetch?: FetchLike; signal?: AbortSignal } = {}): Promise<boolean> {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  try {
    const response = await doFetch(url, { method: 'GET', credentials: 'same-origin', cache: 'default', signal: options.signal });
    if (!response.ok || !storable(response.headers.get('cache-control'))) {
      await response.body?.cancel().catch(() => undefined);
      return false;
    }
    await response.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}
