// Device checks: system, cores, memory (the app's own low-performance rules:
// fewer than 4 cores or under 3 GB cap the quality at 480p), JS heap, screen,
// viewport, pixel ratio, touch.

import { adaptationConfig } from '../player/config';
import { detectOs } from '../lib/browser-kind';
import type { CheckResult, DiagnosticFacts } from './types';
import { no, round1, text, unknown } from './values';

export function deviceChecks(f: DiagnosticFacts): CheckResult[] {
  const os = detectOs(f.userAgent);
  const checks: CheckResult[] = [{ id: 'device.os', tab: 'device', label: 'diagnostics:checks.os', value: os ? text(os) : unknown, status: 'info' }];

  const fewCores = f.cores !== null && f.cores < adaptationConfig.minCores;
  checks.push({
    id: 'device.cores',
    tab: 'device',
    label: 'diagnostics:checks.cores',
    value: f.cores === null ? unknown : text(f.cores),
    status: f.cores === null ? 'info' : fewCores ? 'warn' : 'ok',
    ...(fewCores ? { advice: 'diagnostics:advice.lowEndDevice' } : {}),
  });

  const lowMemory = f.memoryGb !== null && f.memoryGb < adaptationConfig.lowMemoryGb;
  checks.push({
    id: 'device.memory',
    tab: 'device',
    label: 'diagnostics:checks.memory',
    value: f.memoryGb === null ? unknown : text(`${round1(f.memoryGb)} GB`),
    status: f.memoryGb === null ? 'info' : lowMemory ? 'warn' : 'ok',
    ...(lowMemory ? { advice: 'diagnostics:advice.lowMemory' } : {}),
  });

  checks.push({
    id: 'device.heap',
    tab: 'device',
    label: 'diagnostics:checks.heap',
    value: f.heap ? text(`${Math.round(f.heap.usedMb)} / ${Math.round(f.heap.limitMb)} MB`) : unknown,
    status: 'info',
  });
  checks.push({ id: 'device.screen', tab: 'device', label: 'diagnostics:checks.screen', value: text(`${f.screen.width}×${f.screen.height}`), status: 'info' });
  checks.push({ id: 'device.viewport', tab: 'device', label: 'diagnostics:checks.viewport', value: text(`${f.viewport.width}×${f.viewport.height}`), status: 'info' });
  checks.push({ id: 'device.pixelRatio', tab: 'device', label: 'diagnostics:checks.pixelRatio', value: text(round1(f.pixelRatio)), status: 'info' });
  checks.push({
    id: 'device.touch',
    tab: 'device',
    label: 'diagnostics:checks.touch',
    value: f.touchPoints > 0 ? { key: 'diagnostics:values.touchPoints', params: { n: f.touchPoints } } : no,
    status: 'info',
  });
  return checks;
}
