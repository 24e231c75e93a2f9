// The in-process task worker: one task at a time, woken when a task is made
// and polling otherwise (tasks made by other processes). Stopping interrupts
// the running task and puts it back to pending, so a restart runs it again;
// a crash leaves it 'running' until its lease runs out (or at once on PGlite,
// whose directory only this process can have open).

import type { Db } from '../../db/client';
import type { HostAllowList } from '../media/allowed-hosts';
import type { UpstreamPolicy } from '../../net/upstream-policy';
import { shortVideoConfig } from './config';
import { createMediaProber } from '../media/probe-run';
import { runTask } from './run-task';
import { claimNextTask, completeTask, failTask, requeueAllRunning, requeueTask } from './tasks-repo';

export interface WorkerLog {
  info(message: string): void;
  error(obj: unknown, message: string): void;
}

export interface WorkerOptions {
  db: Db;
  allowList: HostAllowList;
  /** What upstream fetches may reach (server/net/upstream-policy.ts). */
  policy: UpstreamPolicy;
  /** True when no other process can be running tasks on this database (PGlite). */
  exclusive: boolean;
  log: WorkerLog;
  pollMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
}

export interface TaskWorker {
  start(): void;
  /** Look for a task now instead of at the next poll. */
  wake(): void;
  /** Interrupts the running task (back to pending) and resolves when the loop has ended. */
  stop(): Promise<void>;
}

export function createTaskWorker(options: WorkerOptions): TaskWorker {
  // One prober for the worker's life: its signature cache serves every clip of the same video.
  const prober = createMediaProber({ policy: options.policy });
  const { db, log } = options;
  const pollMs = options.pollMs ?? shortVideoConfig.pollMs;
  const leaseMs = options.leaseMs ?? shortVideoConfig.leaseMs;
  const maxAttempts = options.maxAttempts ?? shortVideoConfig.maxAttempts;
  const stopping = new AbortController();
  let wakeUp: (() => void) | null = null;
  let woken = false;
  let loop: Promise<void> | null = null;

  const pause = () =>
    new Promise<void>((resolve) => {
      if (woken || stopping.signal.aborted) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, pollMs);
      stopping.signal.addEventListener('abort', done, { once: true });
      wakeUp = done;
      function done() {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        wakeUp = null;
        woken = false;
        resolve();
      }
    });

  async function runOne(): Promise<boolean> {
    const task = await claimNextTask(db, leaseMs);
    if (!task) return false;
    if (task.attempts > maxAttempts) {
      await failTask(db, task.id, `Gave up after ${maxAttempts} attempts: the server stopped while running this task each time.`);
      return true;
    }
    const outcome = await runTask(task, { db, allowList: options.allowList, policy: options.policy, prober, signal: stopping.signal }).catch((err: unknown) => {
      log.error({ err, task: task.id }, 'short-video task crashed');
      return { kind: 'failed' as const, message: 'Internal error while generating the clip.' };
    });
    if (outcome.kind === 'completed') await completeTask(db, task.id, outcome.shortVideoId);
    else if (outcome.kind === 'failed') await failTask(db, task.id, outcome.message);
    else await requeueTask(db, task.id);
    return true;
  }

  async function run(): Promise<void> {
    if (options.exclusive) {
      const n = await requeueAllRunning(db);
      if (n > 0) log.info(`short-video worker: ${n} task(s) left running by the last process are pending again`);
    }
    while (!stopping.signal.aborted) {
      let busy = false;
      try {
        busy = await runOne();
      } catch (err) {
        if (stopping.signal.aborted) break;
        log.error({ err }, 'short-video worker could not read tasks');
      }
      if (!busy) await pause();
    }
  }

  return {
    start() {
      loop ??= run().catch((err: unknown) => log.error({ err }, 'short-video worker stopped'));
    },
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
