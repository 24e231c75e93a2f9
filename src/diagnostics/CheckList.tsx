// A list of diagnostic checks: name, value and a status tag; on the issues
// tab each problem also says what to do.

import { useTranslation } from 'react-i18next';
import { valueText } from './report';
import type { CheckResult, CheckStatus } from './types';

const STATUS_LABELS = {
  ok: 'diagnostics:status.ok',
  info: 'diagnostics:status.info',
  warn: 'diagnostics:status.warn',
  fail: 'diagnostics:status.fail',
} as const satisfies Record<CheckStatus, string>;

export function CheckList({ checks, withAdvice }: { checks: readonly CheckResult[]; withAdvice: boolean }) {
  const { t } = useTranslation('diagnostics');
  const translate = (key: string, params?: Record<string, string | number>) => t(key, params);
  return (
    <ul className="cf-diag__list">
      {checks.map((check) => (
        <li key={check.id} className={`cf-diag__check cf-diag__check--${check.status}`} data-check={check.id} data-status={check.status}>
          <div className="cf-diag__check-row">
            <span className="cf-diag__label">{t(check.label)}</span>
            <span className="cf-diag__status">{t(STATUS_LABELS[check.status])}</span>
          </div>
          <p className="cf-diag__value">{valueText(check.value, translate)}</p>
          {withAdvice && check.advice ? <p className="cf-diag__advice">{t(check.advice)}</p> : null}
        </li>
      ))}
    </ul>
  );
}
