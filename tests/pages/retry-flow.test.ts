import { describe, expect, it } from 'vitest';
import { afterFailure, escalateFailure } from '../../src/feed/playback/retry-flow';

describe('error panel retry flow', () => {
  it('does nothing special for a failure that was not retried', () => {
    expect(afterFailure(null, 'a', false)).toEqual({ kind: 'none' });
    expect(afterFailure('b', 'a', false)).toEqual({ kind: 'none' });
  });

  it('reloads the page once when the retried item fails again, then only suggests a refresh', () => {
    expect(afterFailure('a', 'a', false)).toEqual({ kind: 'reload', messageKey: 'player:reloadingPage' });
    expect(afterFailure('a', 'a', true)).toEqual({ kind: 'suggest-refresh', messageKey: 'player:retryFailedRefresh' });
  });
});

describe('error panel retry flow during an outage (issue 16 point 4)', () => {
  it('never reloads the page (or says so) while the server cannot be reached: the reload would end on the browser error page', () => {
    const said: string[] = [];
    let reloads = 0;
    escalateFailure('a', 'a', (key) => said.push(key), () => reloads++, () => true);
    expect(said).toEqual([]);
    expect(reloads).toBe(0);
  });
});
