// The worker threads that parse and clean playlists for the clean endpoint
// (piscina): a small fixed pool, one thread fewer than the CPUs (at least
// one, at most mediaConfig.cleanPoolMaxThreads), so a big playlist never
// holds the event loop. The threads start on the first task, not with the
// server, and stop with it. Tasks wait in a bounded queue: when it is full,
// run() answers 'busy' at once (the route's 503) instead of queueing without
// bound.
//
// The thread's entry is clean-worker.mjs, plain JavaScript that registers tsx
// in its own thread and loads clean-task.ts: it runs the same under npm start
// (tsx), vitest and plain node.

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { CleanTask, CleanTaskResult } from './clean-task';
import { mediaConfig } from './config';

export interface CleanPoolOptions {
  threads?: number;
  maxQueue?: number;
}

export interface CleanPool {
  /** The task's result, or 'busy' when every thread is working and the queue is full. */
  run(task: CleanTask): Promise<CleanTaskResult | 'busy'>;
  /** Tasks waiting for a thread now. */
  readonly queued: number;
  close(): Promise<void>;
}

export const defaultCleanThreads = (cpus = availableParallelism()): number => Math.max(1, Math.min(mediaConfig.cleanPoolMaxThreads, cpus - 1));

const workerFile = new URL('./clean-worker.mjs', import.meta.url).href;
// piscina's refusal when its queue is at maxQueue (it has no error code).
const QUEUE_FULL = 'Task queue is at limit';

export function createCleanPool(options: CleanPoolOptions = {}): CleanPool {
  const threads = options.threads ?? defaultCleanThreads();
  const maxQueue = options.maxQueue ?? mediaConfig.cleanPoolMaxQueue;
  let pool: Piscina<CleanTask, CleanTaskResult> | null = null;
  let closed = false;

  const get = () => {
    if (closed) throw new Error('The clean pool is closed.');
    pool ??= new Piscina<CleanTask, CleanTaskResult>({ filename: workerFile, minThreads: threads, maxThreads: threads, maxQueue, idleTimeout: Infinity });
    return pool;
  };

  return {
    async run(task) {
      const p = get();
      try {
        return await p.run(task);
      } catch (err) {
        if (err instanceof Error && err.message === QUEUE_FULL) return 'busy';
        throw err;
      }
    },
    get queued() {
      return pool?.queueSize ?? 0;
    },
    async close() {
      closed = true;
      const p = pool;
      pool = null;
      // Called once the server has finished its requests; tasks still running are let finish.
      await p?.close();
    },
  };
}
