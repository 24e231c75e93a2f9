// Storage behind an interface so tests (and browsers that refuse storage, such
// as some private modes) get a memory store instead of crashing.

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { readonly map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
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
    get: (key) => safe(() => storage!.getItem(key), () => fallback.get(key)),
    set: (key, value) => safe(() => storage!.setItem(key, value), () => fallback.set(key, value)),
    remove: (key) => {
      fallback.remove(key);
      safe(() => storage!.removeItem(key), () => undefined);
    },
  };
}
