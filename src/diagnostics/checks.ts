// Every check from the facts, in tab order; the issues tab is the checks
// that found a problem, failures first.

import { browserChecks } from './checks-browser';
import { deviceChecks } from './checks-device';
import { networkChecks } from './checks-network';
import { videoChecks } from './checks-video';
import type { CheckResult, DiagnosticFacts } from './types';

export function allChecks(facts: DiagnosticFacts): CheckResult[] {
  return [...deviceChecks(facts), ...networkChecks(facts), ...videoChecks(facts), ...browserChecks(facts)];
}

export function issuesOf(checks: readonly CheckResult[]): CheckResult[] {
  const fails = checks.filter((c) => c.status === 'fail');
  const warns = checks.filter((c) => c.status === 'warn');
  return [...fails, ...warns];
}
