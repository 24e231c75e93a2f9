// The startup sequence (spec 1 §4): language, device and streaming check,
// mount, then background preload and, 100 ms later, the non-critical tasks.
// Each critical step is cut off after 2 s; a failed or late step drops the app
// into minimal mode (mount('minimal')), and if that fails too the static
// failure page replaces the document.

import { proxy } from 'valtio/vanilla';
import { startupConfig } from './config';

export const StartupStep = {
  Language: 'language',
  Device: 'device',
  Mount: 'mount',
  MinimalMount: 'minimal-mount',
  Preload: 'preload',
  NonCritical: 'non-critical',
} as const;
export type StartupStep = (typeof StartupStep)[keyof typeof StartupStep];

export type StartupMode = 'full' | 'minimal';

export interface StartupSteps<Device> {
  setupLanguage(): void | Promise<void>;
  /** Device detection and the streaming support check. */
  detectDevice(): Device | Promise<Device>;
  /** Renders the app. May be called with 'minimal' after a failed or late 'full' mount: render into the same root. */
  mount(mode: StartupMode, device: Device | null): void | Promise<void>;
  /** Background work after a full mount; not awaited by startup. */
  preload?(device: Device): void | Promise<void>;
  /** Analytics and the like, started 100 ms after a full mount. */
  nonCritical?: ReadonlyArray<() => void | Promise<void>>;
  showFailurePage(reason: string): void;
  /** Every step failure (also background ones), e.g. for the error monitor. */
  onStepError?(step: StartupStep, error: unknown): void;
}

export interface StartupFailure {
  step: StartupStep;
  message: string;
  timedOut: boolean;
}

export interface StartupState {
  phase: 'starting' | 'running' | 'minimal' | 'failed';
  /** True when the app runs in minimal mode: render only what is essential. */
  minimal: boolean;
  failures: StartupFailure[];
}

export const startupState = proxy<StartupState>({ phase: 'starting', minimal: false, failures: [] });

export class StepTimeoutError extends Error {
  constructor(step: StartupStep, ms: number) {
    super(`Startup step '${step}' took longer than ${ms} ms.`);
    this.name = 'StepTimeoutError';
  }
}

type StepResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Runs a step with the 2 s cap; never throws. */
async function capped<T>(step: StartupStep, run: () => T | Promise<T>): Promise<StepResult<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<StepResult<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: new StepTimeoutError(step, startupConfig.criticalTaskTimeoutMs) }), startupConfig.criticalTaskTimeoutMs);
  });
  const attempt = (async (): Promise<StepResult<T>> => {
    try {
      return { ok: true, value: await run() };
    } catch (error) {
      return { ok: false, error };
    }
  })();
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function runStartup<Device>(steps: StartupSteps<Device>, state: StartupState = startupState): Promise<StartupState['phase']> {
  state.phase = 'starting';
  state.minimal = false;
  state.failures = [];
  const fail = (step: StartupStep, error: unknown) => {
    state.failures = [...state.failures, { step, message: describe(error), timedOut: error instanceof StepTimeoutError }];
    steps.onStepError?.(step, error);
  };

  const enterMinimal = async (device: Device | null): Promise<StartupState['phase']> => {
    const mounted = await capped(StartupStep.MinimalMount, () => steps.mount('minimal', device));
    if (mounted.ok) {
      state.minimal = true;
      state.phase = 'minimal';
      return state.phase;
    }
    fail(StartupStep.MinimalMount, mounted.error);
    state.phase = 'failed';
    steps.showFailurePage(state.failures.map((f) => f.step).join(','));
    return state.phase;
  };

  const language = await capped(StartupStep.Language, steps.setupLanguage);
  if (!language.ok) {
    fail(StartupStep.Language, language.error);
    return enterMinimal(null);
  }
  const device = await capped(StartupStep.Device, steps.detectDevice);
  if (!device.ok) {
    fail(StartupStep.Device, device.error);
    return enterMinimal(null);
  }
  const mounted = await capped(StartupStep.Mount, () => steps.mount('full', device.value));
  if (!mounted.ok) {
    fail(StartupStep.Mount, mounted.error);
    return enterMinimal(device.value);
  }
  state.phase = 'running';

  const background = (step: StartupStep, run: () => void | Promise<void>) => {
    void (async () => {
      try {
        await run();
      } catch (error) {
        fail(step, error);
      }
    })();
  };
  const { preload, nonCritical } = steps;
  if (preload) background(StartupStep.Preload, () => preload(device.value));
  if (nonCritical?.length) {
    setTimeout(() => {
      for (const task of nonCritical) background(StartupStep.NonCritical, task);
    }, startupConfig.nonCriticalDelayMs);
  }
  return state.phase;
}
