import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiSourceFor, pageApiSource } from '../../src/api/api-source';

afterEach(() => vi.unstubAllGlobals());

describe('API source (spec 1 §2: debug mode changes it)', () => {
  const sources = { base: 'https://api.example.com/', debugBase: 'https://staging.example.com' };

  it('debug mode uses the debug source when the build names one, else the normal one', () => {
    expect(apiSourceFor(false, sources)).toBe('https://api.example.com');
    expect(apiSourceFor(true, sources)).toBe('https://staging.example.com');
    expect(apiSourceFor(true, { base: '', debugBase: '' })).toBe('');
  });

  it('reads debug=true, the debug_mode flag and local hosts from the page', () => {
    const env = { VITE_API_BASE: 'https://api.example.com', VITE_DEBUG_API_BASE: 'https://staging.example.com' };
    const at = (search: string, hostname: string, stored: string | null = null) => {
      vi.stubGlobal('location', { search, hostname });
      vi.stubGlobal('localStorage', { getItem: () => stored });
      return pageApiSource(env);
    };
    expect(at('', 'clipfeed.example')).toBe('https://api.example.com');
    expect(at('?debug=true', 'clipfeed.example')).toBe('https://staging.example.com');
    expect(at('', 'clipfeed.example', 'true')).toBe('https://staging.example.com');
    expect(at('', '127.0.0.1')).toBe('https://staging.example.com');
    expect(at('?debug=false', 'clipfeed.example')).toBe('https://api.example.com');
  });

  it('the old player-only setting still names the normal source', () => {
    vi.stubGlobal('location', { search: '', hostname: 'clipfeed.example' });
    expect(pageApiSource({ VITE_PLAYER_API_BASE: 'https://p.example.com' })).toBe('https://p.example.com');
  });
});
