// The one storage interface of the page (issue 14): the Web Storage methods
// every caller uses, so window.localStorage and sessionStorage are stores as
// they are, tests pass a memory store, and browsers that refuse storage (some
// private modes) get a memory store instead of crashing.

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { readonly map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** window.localStorage, falling back to memory when it is missing or throws (quota, privacy mode). */
export function localStorageStore(storage: Storage | undefined = globalThis.localStorage): KeyValueStore {
  const fallback = memoryStore();
  const safe = <T>(op: () => T, otherwise: () => T): T => {
    if (!storage) return otherwise();
    try {
      return op();
    } catch {
      return otherwise();
    }
  };
  return {
    getItem: (key) => safe(() => storage!.getItem(key), () => fallback.getItem(key)),
    setItem: (key, value) => safe(() => storage!.setItem(key, value), () => fallback.setItem(key, value)),
    removeItem: (key) => {
      fallback.removeItem(key);
      safe(() => storage!.removeItem(key), () => undefined);
    },
  };
}

/** The page's local storage, or null where there is none or touching it throws (callers treat storage as optional). */
export function pageLocalStorage(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
