// The network manager's limit (spec 1 §9: 3 concurrent requests): the page's
// API calls wait for one of three slots. A slot is held until the answer's
// headers arrive; a caller that gives up (time-out or cancel) while waiting
// leaves the queue without ever being sent.

export interface RequestSlots {
  /** A release function once a slot is free; null when `signal` aborted first. */
  acquire(signal: AbortSignal): Promise<(() => void) | null>;
  readonly active: number;
  readonly waiting: number;
}

export function createRequestSlots(limit: number): RequestSlots {
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    while (active < limit && queue.length > 0) (queue.shift() as () => void)();
  };
  return {
    acquire(signal) {
      return new Promise((resolve) => {
        if (signal.aborted) return resolve(null);
        const grant = () => {
          signal.removeEventListener('abort', onAbort);
          active++;
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            active--;
            next();
          });
        };
        const onAbort = () => {
          const at = queue.indexOf(grant);
          if (at >= 0) queue.splice(at, 1);
          resolve(null);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        queue.push(grant);
        next();
      });
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
