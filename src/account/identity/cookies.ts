// The identity's cookies (spec 1 §9: identity 1 year, credential 7 days):
// second copies of the identity id and the credential record that survive a
// cleared local storage (some browsers wipe it under storage pressure, or
// with site data older than a week). The cookie's Max-Age is the lifetime.
// First-party, SameSite=Strict, path /; the player API itself never reads
// cookies (its calls omit them, spec 1 §7).

import type { KeyValueStore } from '../../lib/key-value-store';

export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string, maxAgeS: number): void;
  remove(name: string): void;
}

/** document.cookie; Secure on https. Never throws (a sandboxed frame may refuse cookies). */
export function documentCookies(doc: Document = document): CookieJar {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  const write = (text: string) => {
    try {
      doc.cookie = text;
    } catch {
      // Cookies refused: local storage still holds the first copy.
    }
  };
  return {
    get(name) {
      let all = '';
      try {
        all = doc.cookie;
      } catch {
        return null;
      }
      for (const part of all.split(';')) {
        const at = part.indexOf('=');
        if (at < 0 || part.slice(0, at).trim() !== name) continue;
        try {
          return decodeURIComponent(part.slice(at + 1).trim());
        } catch {
          return null;
        }
      }
      return null;
    },
    set: (name, value, maxAgeS) => write(`${name}=${encodeURIComponent(value)}; Max-Age=${Math.floor(maxAgeS)}; Path=/; SameSite=Strict${secure}`),
    remove: (name) => write(`${name}=; Max-Age=0; Path=/; SameSite=Strict${secure}`),
  };
}

/**
 * A store whose `key` is mirrored into a cookie: written to both, removed
 * from both, read from the store first and from the cookie when the store
 * lost it (the value is then put back into the store).
 */
export function withCookieMirror(store: KeyValueStore, jar: CookieJar, key: string, cookie: string, maxAgeS: number): KeyValueStore {
  return {
    getItem(k) {
      const value = store.getItem(k);
      if (k !== key || value !== null) return value;
      const kept = jar.get(cookie);
      if (kept !== null) store.setItem(k, kept);
      return kept;
    },
    setItem(k, value) {
      store.setItem(k, value);
      if (k === key) jar.set(cookie, value, maxAgeS);
    },
    removeItem(k) {
      store.removeItem(k);
      if (k === key) jar.remove(cookie);
    },
  };
}
