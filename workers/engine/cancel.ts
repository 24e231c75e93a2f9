// Per-call cancellation tokens: a call carrying `token` gets an AbortSignal
// that `cancel(token)` aborts. Several calls may share a token.

export interface CancelRegistry {
  run<T>(token: string | undefined, fn: (signal: AbortSignal | undefined) => Promise<T>): Promise<T>;
  /** Abort every call carrying `token`; true when at least one was live. */
  cancel(token: string): boolean;
  /** Number of live tokens (for tests). */
  readonly size: number;
}

export function createCancelRegistry(): CancelRegistry {
  const live = new Map<string, Set<AbortController>>();
  return {
    async run(token, fn) {
      if (typeof token !== 'string' || token === '') return fn(undefined);
      const controller = new AbortController();
      let set = live.get(token);
      if (!set) live.set(token, (set = new Set()));
      set.add(controller);
      try {
        return await fn(controller.signal);
      } finally {
        set.delete(controller);
        if (set.size === 0 && live.get(token) === set) live.delete(token);
      }
    },
    cancel(token) {
      const set = live.get(token);
      if (!set) return false;
      live.delete(token);
      for (const controller of set) controller.abort();
      return true;
    },
    get size() {
      return live.size;
    },
  };
}
