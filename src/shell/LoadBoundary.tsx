// Pages and sheets load their chunks lazily; a chunk that cannot be fetched
// is an outage, not a crash (issue 16 point 4): this boundary catches it and
// shows the calm waiting text in the page's place (the tab bar and the
// connection banner stay), and the page loads when the server answers
// (load-failure.ts). Any other error goes on up to the root (the error
// monitor's overlay). A new `resetKey` (another page, another sheet) tries
// again.

import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnreachableThrown } from '../errors/unreachable';
import { connection } from '../notices/connection';
import { reloadWhenOnline } from './load-failure';
import './connection-banner.css';

interface LoadBoundaryProps {
  resetKey: string;
  /** What shows in the failed page's place (default: the waiting text). */
  waiting?: ReactNode;
  children: ReactNode;
}

interface LoadBoundaryState {
  error: unknown;
  failedKey: string | null;
}

export class LoadBoundary extends Component<LoadBoundaryProps, LoadBoundaryState> {
  state: LoadBoundaryState = { error: null, failedKey: null };

  static getDerivedStateFromError(error: unknown): Partial<LoadBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: LoadBoundaryProps, state: LoadBoundaryState): Partial<LoadBoundaryState> | null {
    // The failure belongs to the page it happened on: another page renders afresh.
    if (state.error !== null && state.failedKey !== null && state.failedKey !== props.resetKey) return { error: null, failedKey: null };
    return null;
  }

  componentDidCatch(): void {
    this.setState({ failedKey: this.props.resetKey });
  }

  render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isUnreachableThrown(error)) throw error;
    return <FailedLoad>{this.props.waiting ?? <LoadWaiting />}</FailedLoad>;
  }
}

/** The page's chunk could not be fetched: the waiting text, and a reload once the server answers. */
function FailedLoad({ children }: { children: ReactNode }) {
  useEffect(() => reloadWhenOnline(connection, () => window.location.reload()), []);
  return children;
}

/** "This page opens as soon as the connection is back": in a page's place while its chunk waits for the server. */
export function LoadWaiting() {
  const { t } = useTranslation('app');
  return (
    <div className="cf-load-waiting" data-testid="load-waiting">
      <p>{t('connection.pageWaiting')}</p>
    </div>
  );
}
