// The page's local storage, or null where there is none or touching it throws
// (some private modes, disabled storage). Every caller treats storage as optional.

export function pageLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
