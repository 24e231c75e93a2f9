// Browser checks: family and version, language, cookies, the storages the
// app relies on (localStorage keeps the player's identity and tasks), the
// storage quota, and errors recorded this session.

import { browserVersion } from '../lib/browser-kind';
import { diagnosticsConfig } from './config';
import type { CheckResult, DiagnosticFacts } from './types';
import { no, text, unknown, yes } from './values';

export function browserChecks(f: DiagnosticFacts): CheckResult[] {
  const version = browserVersion(f.userAgent);
  const s = f.storage;
  const lowQuota = s.quotaMb !== null && s.usageMb !== null && s.quotaMb - s.usageMb < diagnosticsConfig.lowQuotaMb;
  const checks: CheckResult[] = [
    { id: 'browser.name', tab: 'browser', label: 'diagnostics:checks.browser', value: version ? text(version) : unknown, status: 'info' },
    { id: 'browser.language', tab: 'browser', label: 'diagnostics:checks.language', value: f.language ? text(f.language) : unknown, status: 'info' },
    { id: 'browser.cookies', tab: 'browser', label: 'diagnostics:checks.cookies', value: f.cookies ? yes : no, status: 'info' },
    {
      id: 'browser.localStorage',
      tab: 'browser',
      label: 'diagnostics:checks.localStorage',
      value: s.local ? yes : no,
      status: s.local ? 'ok' : 'fail',
      ...(s.local ? {} : { advice: 'diagnostics:advice.noLocalStorage' }),
    },
    { id: 'browser.sessionStorage', tab: 'browser', label: 'diagnostics:checks.sessionStorage', value: s.session ? yes : no, status: s.session ? 'ok' : 'warn', ...(s.session ? {} : { advice: 'diagnostics:advice.noSessionStorage' }) },
    { id: 'browser.indexedDb', tab: 'browser', label: 'diagnostics:checks.indexedDb', value: s.indexedDb ? yes : no, status: s.indexedDb ? 'ok' : 'info' },
    {
      id: 'browser.quota',
      tab: 'browser',
      label: 'diagnostics:checks.quota',
      value: s.quotaMb !== null && s.usageMb !== null ? text(`${Math.round(s.usageMb)} / ${Math.round(s.quotaMb)} MB`) : unknown,
      status: lowQuota ? 'warn' : 'info',
      ...(lowQuota ? { advice: 'diagnostics:advice.lowQuota' } : {}),
    },
    {
      id: 'browser.errors',
      tab: 'browser',
      label: 'diagnostics:checks.errors',
      value: text(f.errors.length),
      status: f.errors.length > 0 ? 'warn' : 'ok',
      ...(f.errors.length > 0 ? { advice: 'diagnostics:advice.errors' } : {}),
    },
    { id: 'browser.userAgent', tab: 'browser', label: 'diagnostics:checks.userAgent', value: text(f.userAgent || '-'), status: 'info' },
  ];
  return checks;
}
