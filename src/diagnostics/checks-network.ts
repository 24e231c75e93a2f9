// Network checks: online state, the Network Information API's view, and the
// measured round trip to the catalogue, classed with the app's own
// thresholds (under 100 ms fast, under 500 ms medium, else slow).

import { latencyClass, slowEffectiveType } from '../../workers/core/network-class';
import type { CheckResult, DiagnosticFacts } from './types';
import { no, round1, text, unknown, yes } from './values';

export function networkChecks(f: DiagnosticFacts): CheckResult[] {
  const checks: CheckResult[] = [
    {
      id: 'network.online',
      tab: 'network',
      label: 'diagnostics:checks.online',
      value: f.online ? yes : no,
      status: f.online ? 'ok' : 'fail',
      ...(f.online ? {} : { advice: 'diagnostics:advice.offline' }),
    },
  ];

  const c = f.connection;
  const slowType = slowEffectiveType(c?.effectiveType);
  checks.push({
    id: 'network.type',
    tab: 'network',
    label: 'diagnostics:checks.connection',
    value: c && (c.effectiveType || c.type) ? text([c.type, c.effectiveType].filter(Boolean).join(' / ')) : unknown,
    status: slowType ? 'warn' : 'info',
    ...(slowType ? { advice: 'diagnostics:advice.slowNetwork' } : {}),
  });
  checks.push({
    id: 'network.downlink',
    tab: 'network',
    label: 'diagnostics:checks.downlink',
    value: typeof c?.downlinkMbps === 'number' ? text(`${round1(c.downlinkMbps)} Mbps`) : unknown,
    status: 'info',
  });
  if (c?.saveData) {
    checks.push({ id: 'network.saveData', tab: 'network', label: 'diagnostics:checks.saveData', value: yes, status: 'warn', advice: 'diagnostics:advice.saveData' });
  }

  const rtt = f.apiRttMs;
  const speed = rtt === null ? null : latencyClass(rtt);
  checks.push({
    id: 'network.apiRtt',
    tab: 'network',
    label: 'diagnostics:checks.apiRtt',
    value: rtt === null ? { key: 'diagnostics:values.unreachable' } : { key: SPEED_KEYS[speed!], params: { ms: Math.round(rtt) } },
    status: rtt === null ? 'fail' : speed === 'slow' ? 'warn' : 'ok',
    ...(rtt === null ? { advice: 'diagnostics:advice.apiUnreachable' } : speed === 'slow' ? { advice: 'diagnostics:advice.slowApi' } : {}),
  });
  return checks;
}

const SPEED_KEYS = {
  fast: 'diagnostics:values.rttFast',
  medium: 'diagnostics:values.rttMedium',
  slow: 'diagnostics:values.rttSlow',
} as const;
