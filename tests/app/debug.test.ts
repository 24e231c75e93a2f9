import { describe, expect, it } from 'vitest';
import { forcedVersion, isDebugMode, isLocalHost } from '../../src/lib/debug';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

const throwing = {
  getItem: (): string | null => {
    throw new Error('SecurityError');
  },
  setItem: (): void => {
    throw new Error('QuotaExceededError');
  },
};

const site = (search: string, hostname = 'clipfeed.example') => ({ search, hostname });

describe('debug mode', () => {
  it('debug=true turns it on; other debug values do not', () => {
    expect(isDebugMode(site('?debug=true'), null)).toBe(true);
    expect(isDebugMode(site('?debug=1'), null)).toBe(false);
    expect(isDebugMode(site('?debug=false'), null)).toBe(false);
  });

  it('a debug_mode flag in the query or localStorage turns it on', () => {
    expect(isDebugMode(site('?debug_mode=1'), null)).toBe(true);
    expect(isDebugMode(site(''), memoryStorage({ debug_mode: 'true' }))).toBe(true);
    expect(isDebugMode(site(''), memoryStorage({ debug_mode: '0' }))).toBe(false);
  });

  it('a local host turns it on', () => {
    expect(isDebugMode(site('', 'localhost'), null)).toBe(true);
    expect(isDebugMode(site('', '127.0.0.1'), null)).toBe(true);
    expect(isLocalHost('[::1]')).toBe(true);
    expect(isLocalHost('app.localhost')).toBe(true);
    expect(isLocalHost('localhost.example.com')).toBe(false);
  });

  it('is off on a public host with nothing set, and storage errors count as unset', () => {
    expect(isDebugMode(site('?n=douyin'), memoryStorage())).toBe(false);
    expect(isDebugMode(site(''), throwing)).toBe(false);
  });
});

describe('forced version', () => {
  it('?version= forces a known version and remembers it for the session', () => {
    const session = memoryStorage();
    expect(forcedVersion({ search: '?version=standard' }, session)).toBe('standard');
    expect(forcedVersion({ search: '' }, session)).toBe('standard');
  });

  it('unknown values are ignored and do not overwrite the remembered one', () => {
    const session = memoryStorage({ clipfeed_forced_version: 'premium' });
    expect(forcedVersion({ search: '?version=ultra' }, session)).toBe('premium');
    expect(forcedVersion({ search: '?version=ultra' }, memoryStorage())).toBeNull();
  });

  it('works without storage for the current load', () => {
    expect(forcedVersion({ search: '?version=premium' }, throwing)).toBe('premium');
    expect(forcedVersion({ search: '' }, throwing)).toBeNull();
  });
});
