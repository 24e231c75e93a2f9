// The mobile diagnostic tool (spec 2 §2.7), a full-screen sheet: tabs for
// issues, device, network, video and browser; the checks run when it opens
// (and again on demand); "copy" puts a plain-text report on the clipboard.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SheetContentProps } from '../router/sheets';
import { gatherFacts } from './browser-facts';
import { issuesOf } from './checks';
import { copyText } from '../lib/clipboard';
import { diagnosticsState, runDiagnostics } from './diagnostics-store';
import { reportText } from './report';
import type { CheckResult, DiagnosticTab } from './types';
import { showToast } from '../notices/store';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import { CheckList } from './CheckList';
import { AnalyticsPanel } from './AnalyticsPanel';
import './diagnostics.css';

// 'analytics': what this page sent (issue 15), beside the checks.
type TabId = 'issues' | DiagnosticTab | 'analytics';

const TABS = [
  { id: 'issues', label: 'diagnostics:tabs.issues' },
  { id: 'device', label: 'diagnostics:tabs.device' },
  { id: 'network', label: 'diagnostics:tabs.network' },
  { id: 'video', label: 'diagnostics:tabs.video' },
  { id: 'browser', label: 'diagnostics:tabs.browser' },
  { id: 'analytics', label: 'diagnostics:tabs.analytics' },
] as const satisfies readonly { id: TabId; label: string }[];

export default function DiagnosticsSheet({ onClose }: SheetContentProps) {
  const { t } = useTranslation('diagnostics');
  const d = useSnapshot(diagnosticsState);
  const [tab, setTab] = useState<TabId>('issues');

  useEffect(() => {
    void runDiagnostics(() => gatherFacts());
  }, []);

  const checks = d.checks as readonly CheckResult[];
  const shown = tab === 'issues' ? issuesOf(checks) : checks.filter((c) => c.tab === tab);
  const issueCount = issuesOf(checks).length;
  const running = d.status !== 'done';

  const copy = async () => {
    if (!diagnosticsState.facts) return;
    const ok = await copyText(reportText(diagnosticsState.facts, diagnosticsState.checks, (key, params) => t(key, params)));
    showToast(ok ? 'diagnostics:copy.done' : 'diagnostics:copy.failed', undefined, { type: ok ? 'success' : 'error' });
  };

  return (
    <Modal open onClose={onClose} title={t('title')} className="cf-full-sheet cf-diag">
      <div className="cf-diag__body" data-testid="diagnostics-sheet" data-status={d.status}>
        <div className="cf-diag__tabs" role="tablist" aria-label={t('tabsLabel')}>
          {TABS.map((entry) => (
            <button
              key={entry.id}
              type="button"
              role="tab"
              id={`cf-diag-tab-${entry.id}`}
              aria-selected={tab === entry.id}
              aria-controls="cf-diag-panel"
              className={`cf-diag__tab${tab === entry.id ? ' cf-diag__tab--on' : ''}`}
              onClick={() => setTab(entry.id)}
            >
              {t(entry.label)}
              {entry.id === 'issues' && !running && issueCount > 0 ? <span className="cf-diag__count">{issueCount}</span> : null}
            </button>
          ))}
        </div>
        <div className="cf-diag__panel" id="cf-diag-panel" role="tabpanel" aria-labelledby={`cf-diag-tab-${tab}`} aria-busy={running && tab !== 'analytics'}>
          {tab === 'analytics' ? (
            <AnalyticsPanel />
          ) : running ? (
            <Spinner stages={['diagnostics:running']} />
          ) : tab === 'issues' && shown.length === 0 ? (
            <p className="cf-diag__none">{t('issues.none')}</p>
          ) : (
            <CheckList checks={shown} withAdvice={tab === 'issues'} />
          )}
        </div>
        <div className="cf-diag__actions">
          <button type="button" className="cf-diag__button" disabled={running} onClick={() => void runDiagnostics(() => gatherFacts())}>
            {t('rerun')}
          </button>
          <button type="button" className="cf-diag__button cf-diag__button--primary" disabled={running} data-testid="diagnostics-copy" onClick={() => void copy()}>
            {t('copy.action')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
