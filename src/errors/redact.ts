// Error reports leave the page without secrets (spec 1 §8): URL query strings,
// credential-like key=value pairs, bearer and JWT tokens, long opaque tokens,
// IPv4 and IPv6 addresses.

import { errorMonitorConfig } from './config';

const URL_QUERY = /\b((?:https?|wss?):\/\/[^\s?#"'<>()]+)[?#][^\s"'<>()]*/gi;
const SECRET_PAIR = /(["']?)\b(access_?token|refresh_?token|id_?token|token|credential|password|passwd|secret|authorization|api_?key|auth_?key|sign(?:ature)?|session_?id)\1(\s*[:=]\s*)(["']?)([^"'\s,;&}#]+)/gi;
const BEARER = /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const OPAQUE = /\b[A-Za-z0-9_-]{32,}\b/g;
const IPV4 = /\b(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\b/g;
const IPV6_CANDIDATE = /(?<![\w:])(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}(?![\w:])/gi;

function isIpv6(candidate: string): boolean {
  if (!/[0-9a-f]/i.test(candidate) && candidate !== '::') return false;
  const colons = candidate.split(':').length - 1;
  return candidate.includes('::') ? colons >= 2 && candidate.indexOf('::') === candidate.lastIndexOf('::') : colons === 7;
}

export function redact(text: string): string {
  const out = text
    .replace(URL_QUERY, (_m, base: string) => `${base}?[redacted]`)
    .replace(SECRET_PAIR, (_m, quote: string, key: string, sep: string, open: string) => `${quote}${key}${quote}${sep}${open}[redacted]`)
    .replace(BEARER, 'Bearer [redacted]')
    .replace(JWT, '[token]')
    .replace(OPAQUE, '[token]')
    .replace(IPV4, '[ip]')
    .replace(IPV6_CANDIDATE, (m) => (isIpv6(m) ? '[ip]' : m));
  return out.length > errorMonitorConfig.maxReportLength ? `${out.slice(0, errorMonitorConfig.maxReportLength)}…` : out;
}
