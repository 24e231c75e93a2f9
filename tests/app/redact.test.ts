import { describe, expect, it } from 'vitest';
import { redact } from '../../src/errors/redact';

describe('error report redaction (spec 1 §8)', () => {
  it('removes URL query strings and fragments but keeps the path', () => {
    expect(redact('GET https://api.example.com/api/v1/player/info?credential=abc&x=1 failed')).toBe('GET https://api.example.com/api/v1/player/info?[redacted] failed');
    expect(redact('at https://cdn.example/a.m3u8#t=3')).toBe('at https://cdn.example/a.m3u8?[redacted]');
  });

  it('removes credential-like values in key=value and JSON forms', () => {
    expect(redact('/sso?accessToken=eyabc&ok=1')).toBe('/sso?accessToken=[redacted]&ok=1');
    expect(redact('credential=C0ffee123 rejected')).toBe('credential=[redacted] rejected');
    expect(redact('{"credential":"secret-value","points":5}')).toBe('{"credential":"[redacted]","points":5}');
    expect(redact('token: abc123')).toBe('token: [redacted]');
  });

  it('removes bearer tokens, JWTs and long opaque tokens', () => {
    expect(redact('Authorization Bearer abc.def-ghi')).toBe('Authorization Bearer [redacted]');
    expect(redact('bad eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJQMSJ9.c2lnbmF0dXJl here')).toBe('bad [token] here');
    expect(redact('id 3f9a1c0d2b7e4f6a8c9d0e1f2a3b4c5d6e7f')).toBe('id [token]');
  });

  it('removes IPv4 and IPv6 addresses', () => {
    expect(redact('from 192.168.1.20 and 8.8.8.8')).toBe('from [ip] and [ip]');
    expect(redact('peer 2001:db8:85a3::8a2e:370:7334 said no')).toBe('peer [ip] said no');
    expect(redact('host ::1 refused')).toBe('host [ip] refused');
    expect(redact('fe80:0:0:0:202:b3ff:fe1e:8329')).toBe('[ip]');
  });

  it('leaves ordinary text, times and stack positions alone', () => {
    const text = 'TypeError: x is undefined at render (App.tsx:12:5) at 12:30:45, std::vector';
    expect(redact(text)).toBe(text);
  });

  it('caps the length', () => {
    expect(redact('a '.repeat(5000)).length).toBeLessThanOrEqual(2001);
  });
});
