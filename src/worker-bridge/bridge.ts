// The page's only door to the engine worker (squoosh WorkerBridge style):
// starts the worker lazily, gives every call a token that an AbortSignal
// cancels, ends the worker after an idle period and restarts it on the next
// call. Only types are imported from workers/ (STYLE.md 2).

import * as Comlink from 'comlink';
import { EngineErrorCode, type EngineError, type PreparedClip, type Result } from '../../workers/core/types';
import type { ClipRequest, ClipShownOptions, EngineApi, PrepareClipOptions, PrepareFullOptions, ShownClip } from '../../workers/engine.worker';
import { engineBridgeConfig } from './config';

export type { ClipRequest, ClipShownOptions, ShownClip };
export type BridgeOptions<O> = Omit<O, 'token'> & { signal?: AbortSignal };

export interface EngineBridgeOptions {
  idleMs?: number;
  createWorker?: () => Worker;
}

type Settle = (error: EngineError) => void;

function failure(code: EngineErrorCode, message: string, retryable: boolean): { ok: false; error: EngineError } {
  return { ok: false, error: { code, message, retryable } };
}

declare global {
  interface Window {
    /** Started by index.html's start-up script on a feed entry; the first bridge call takes it over. */
    __clipfeedEngineWorker?: Worker;
  }
}

/** The worker index.html started early, handed out once. */
export function takeEarlyWorker(host: { __clipfeedEngineWorker?: Worker } | undefined = globalThis.window): Worker | null {
  const early = host?.__clipfeedEngineWorker ?? null;
  if (host) delete host.__clipfeedEngineWorker;
  return early;
}

const defaultCreateWorker = () =>
  takeEarlyWorker() ?? new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module', name: 'clipfeed-engine' });

export class EngineBridge {
  private worker: Worker | null = null;
  private remote: Comlink.Remote<EngineApi> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly live = new Set<Settle>();
  private nextToken = 0;
  private readonly idleMs: number;
  private readonly createWorker: () => Worker;

  constructor(options: EngineBridgeOptions = {}) {
    this.idleMs = options.idleMs ?? engineBridgeConfig.workerIdleMs;
    this.createWorker = options.createWorker ?? defaultCreateWorker;
  }

  /** Whether a worker is running now. */
  get running(): boolean {
    return this.worker !== null;
  }

  prepareClip(item: ClipRequest, options: BridgeOptions<PrepareClipOptions>): Promise<Result<PreparedClip>> {
    const { signal, ...rest } = options;
    return this.call((remote, token) => remote.prepareClip(item, { ...rest, token }), signal);
  }

  prepareFull(url: string, options: BridgeOptions<PrepareFullOptions>): Promise<Result<PreparedClip>> {
    const { signal, ...rest } = options;
    return this.call((remote, token) => remote.prepareFull(url, { ...rest, token }), signal);
  }

  /**
   * A feed clip is on screen (issue 19: its media may be probed in the worker). Fire and forget: nothing is
   * awaited, and no worker is started for it (a new one holds none of the playlists a probe would read).
   */
  clipShown(clip: ShownClip, options: ClipShownOptions): void {
    this.remote?.clipShown({ url: clip.url, playFrom: clip.playFrom }, { network: options.network, saveData: options.saveData }).catch(() => undefined);
  }

  async ping(): Promise<boolean> {
    const result = await this.call(async (remote) => ({ ok: true as const, value: await remote.ping() }));
    return result.ok;
  }

  /** End the worker now; calls in flight resolve with an ABORTED error. */
  terminate(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    const settles = [...this.live];
    this.live.clear();
    if (this.remote) this.remote[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.worker = null;
    this.remote = null;
    for (const settle of settles) settle({ code: EngineErrorCode.Aborted, message: 'The engine worker was stopped.', retryable: true });
  }

  private start(): Comlink.Remote<EngineApi> {
    if (this.remote) return this.remote;
    const worker = this.createWorker();
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      if (this.worker === worker) this.terminate();
    });
    this.worker = worker;
    this.remote = Comlink.wrap<EngineApi>(worker);
    return this.remote;
  }

  private async call<T>(
    invoke: (remote: Comlink.Remote<EngineApi>, token: string) => Promise<Result<T>>,
    signal?: AbortSignal,
  ): Promise<Result<T>> {
    if (signal?.aborted) return failure(EngineErrorCode.Aborted, 'The request was cancelled.', false);
    clearTimeout(this.idleTimer);
    const remote = this.start();
    const token = `t${++this.nextToken}`;
    let settle: Settle = () => undefined;
    let onAbort: () => void = () => undefined;
    try {
      return await new Promise<Result<T>>((resolve) => {
        settle = (error) => resolve({ ok: false, error });
        onAbort = () => {
          remote.cancel(token).catch(() => undefined);
          resolve(failure(EngineErrorCode.Aborted, 'The request was cancelled.', false));
        };
        this.live.add(settle);
        signal?.addEventListener('abort', onAbort, { once: true });
        invoke(remote, token).then(resolve, (e: unknown) =>
          resolve(failure(EngineErrorCode.Aborted, `Engine call failed: ${e instanceof Error ? e.message : String(e)}`, true)),
        );
      });
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.live.delete(settle);
      if (this.live.size === 0 && this.remote) this.scheduleIdle();
    }
  }

  private scheduleIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.live.size === 0) this.terminate();
    }, this.idleMs);
  }
}

/** The app's shared bridge; the worker starts on the first call. */
export const engineBridge = new EngineBridge();
