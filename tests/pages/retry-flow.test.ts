import { describe, expect, it } from 'vitest';
import { afterFailure } from '../../src/feed/playback/retry-flow';

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
