// Paces every request of one import to a rate (requests a second), whatever
// page or retry it belongs to: concurrency bounds the requests in flight, the
// pacer bounds how fast they start. Slots are handed out in call order.

export type Pacer = () => Promise<void>;

export function createPacer(requestsPerSecond: number, clock: () => number = Date.now): Pacer {
  if (!Number.isFinite(requestsPerSecond) || requestsPerSecond <= 0) return async () => undefined;
  const gapMs = 1000 / requestsPerSecond;
  let next = 0;
  return async () => {
    const now = clock();
    const at = Math.max(now, next);
    next = at + gapMs;
    if (at > now) await new Promise<void>((resolve) => setTimeout(resolve, at - now));
  };
}
