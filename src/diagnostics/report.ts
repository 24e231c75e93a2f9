// The copyable plain-text report: when and where, the issues with advice,
// then every check by tab, then the latest errors. Labels go through the
// caller's translate function, so the report is in the visitor's language.

import { diagnosticsConfig } from './config';
import { issuesOf } from './checks';
import { DIAGNOSTIC_TABS, type CheckResult, type CheckStatus, type CheckValue, type DiagnosticFacts } from './types';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

const STATUS_TAGS: Record<CheckStatus, string> = { ok: 'OK', info: '--', warn: 'WARN', fail: 'FAIL' };

const TAB_TITLES = {
  device: 'diagnostics:tabs.device',
  network: 'diagnostics:tabs.network',
  video: 'diagnostics:tabs.video',
  browser: 'diagnostics:tabs.browser',
} as const;

export function valueText(value: CheckValue, t: Translate): string {
  return 'text' in value ? value.text : t(value.key, value.params);
}

function line(check: CheckResult, t: Translate): string {
  return `[${STATUS_TAGS[check.status]}] ${t(check.label)}: ${valueText(check.value, t)}`;
}

export function reportText(facts: DiagnosticFacts, checks: readonly CheckResult[], t: Translate): string {
  const out: string[] = [t('diagnostics:report.heading'), `${t('diagnostics:report.time')}: ${new Date(facts.at).toISOString()}`, `${t('diagnostics:report.page')}: ${facts.page}`, ''];
  out.push(`== ${t('diagnostics:tabs.issues')} ==`);
  const issues = issuesOf(checks);
  if (issues.length === 0) out.push(t('diagnostics:issues.none'));
  for (const issue of issues) {
    out.push(line(issue, t));
    if (issue.advice) out.push(`  -> ${t(issue.advice)}`);
  }
  for (const tab of DIAGNOSTIC_TABS) {
    out.push('', `== ${t(TAB_TITLES[tab])} ==`);
    for (const check of checks) if (check.tab === tab) out.push(line(check, t));
  }
  const errors = facts.errors.slice(-diagnosticsConfig.reportErrors);
  if (errors.length > 0) {
    out.push('', `== ${t('diagnostics:report.errors')} ==`);
    for (const message of errors) out.push(`- ${message.replace(/\s+/g, ' ').trim()}`);
  }
  return out.join('\n');
}
