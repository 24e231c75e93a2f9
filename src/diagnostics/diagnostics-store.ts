// The diagnostic tool's state: one run at a time; the facts and the checks
// derived from them. The gatherer is injectable (tests).

import { proxy, ref } from 'valtio';
import { allChecks } from './checks';
import type { CheckResult, DiagnosticFacts } from './types';

export interface DiagnosticsState {
  status: 'idle' | 'running' | 'done';
  facts: DiagnosticFacts | null;
  checks: CheckResult[];
}

export const diagnosticsState = proxy<DiagnosticsState>({ status: 'idle', facts: null, checks: [] });

let run: Promise<void> | null = null;

export function runDiagnostics(gather: () => Promise<DiagnosticFacts>): Promise<void> {
  run ??= (async () => {
    diagnosticsState.status = 'running';
    try {
      const facts = await gather();
      // Plain data, read whole: ref() keeps valtio from wrapping every field.
      diagnosticsState.facts = ref(facts);
      diagnosticsState.checks = ref(allChecks(facts));
    } finally {
      diagnosticsState.status = 'done';
      run = null;
    }
  })();
  return run;
}
