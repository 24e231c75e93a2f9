// An outage is never a fatal error (issue 16 point 4): the error monitor asks
// the connection about failures to fetch, and a page whose chunk failed loads
// when the server answers.

import { describe, expect, it } from 'vitest';
import { createErrorMonitor, type FatalState } from '../../src/errors/error-monitor';
import { reloadWhenOnline } from '../../src/shell/load-failure';
import { untilOnline } from '../../src/notices/lazy-when-online';
import { flush, scriptedConnection } from './helpers/scripted-connection';

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/DiscoverPage-abc.js');

function monitorOver(c: ReturnType<typeof scriptedConnection>) {
  const state: FatalState = { error: null, reports: [] };
  return { state, monitor: createErrorMonitor({ state, connection: c.link }) };
}

describe('the error monitor during an outage', () => {
  it('a page chunk that could not be fetched while the server does not answer raises no overlay, even reported as a crash', async () => {
    const c = scriptedConnection({ up: false });
    const { state, monitor } = monitorOver(c);
    expect(monitor.report(chunkFailure())).toBeNull();
    expect(monitor.report(chunkFailure(), 'runtime_error')).toBeNull();
    await flush();
    expect(state.error).toBeNull();
    expect(state.reports).toEqual([]);
    expect(c.state.offline).toBe(true);
    // Known offline: no probe is spent on each later failure.
    const probes = c.probes.length;
    monitor.report(chunkFailure(), 'runtime_error');
    await flush();
    expect(c.probes).toHaveLength(probes);
    expect(state.error).toBeNull();
  });

  it('the same failure with the server answering is what it was (a chunk gone after a deploy): the overlay', async () => {
    const c = scriptedConnection({ up: true });
    const { state, monitor } = monitorOver(c);
    monitor.report(chunkFailure());
    await flush();
    expect(state.error?.type).toBe('initialization_failure');
  });

  it('an error that is no failure to fetch is judged at once, offline or not', async () => {
    const c = scriptedConnection({ up: false });
    const { state, monitor } = monitorOver(c);
    await c.link.check();
    expect(monitor.report(new Error('render failed'), 'runtime_error')?.severity).toBe('severe');
    expect(state.error?.type).toBe('runtime_error');
  });
});

describe('a page whose chunk failed to fetch', () => {
  it('reloads once the server answers: at once when it does already', async () => {
    const c = scriptedConnection({ up: true });
    let reloads = 0;
    reloadWhenOnline(c.link, () => reloads++);
    await flush();
    expect(reloads).toBe(1);
  });

  it('otherwise when it comes back, not before; and not at all once the visitor went elsewhere', async () => {
    const c = scriptedConnection({ up: false });
    let reloads = 0;
    reloadWhenOnline(c.link, () => reloads++);
    const cancelled = reloadWhenOnline(c.link, () => (reloads += 100));
    await flush();
    await c.advance(2000);
    expect(reloads).toBe(0);
    cancelled();
    c.setUp(true);
    await c.advance(4000);
    expect(reloads).toBe(1);
  });

  it('a chunk asked for while offline is fetched only when the server answers', async () => {
    const c = scriptedConnection({ up: false });
    await c.link.check();
    let fetched = false;
    const load = untilOnline(c.link).then(() => (fetched = true));
    await c.advance(2000);
    expect(fetched).toBe(false);
    c.setUp(true);
    await c.advance(4000);
    await load;
    expect(fetched).toBe(true);
  });
});
