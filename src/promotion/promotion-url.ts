// Link normalisation for promotion items (spec 2 §5): a link naming neither
// http nor https gets https:// prepended; a root-relative path (the demo
// partner on this server) resolves against the page. Any other scheme
// (javascript:, data:, ...) or an unparsable result is invalid.

import { promotionConfig } from './config';

const HTTP = /^https?:\/\//i;
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HOST_PORT = /^(?:[a-z0-9-]+\.)+[a-z0-9-]+:\d+(?:[/?#]|$)/i;

function candidateOf(value: string, pageOrigin: string): string | null {
  if (HTTP.test(value)) return value;
  if (value.startsWith('//')) return `${promotionConfig.defaultScheme}${value.slice(2)}`;
  if (value.startsWith('/')) return new URL(value, pageOrigin).toString();
  // "host.name:port/path" looks like a scheme to the regex: a dotted host before the colon and digits after it are a port.
  if (OTHER_SCHEME.test(value) && !HOST_PORT.test(value)) return null;
  return `${promotionConfig.defaultScheme}${value}`;
}

export function normalizePromotionUrl(raw: string | undefined, pageOrigin: string): string | null {
  const value = (raw ?? '').trim();
  if (!value || /\s/.test(value)) return null;
  try {
    const candidate = candidateOf(value, pageOrigin);
    if (candidate === null) return null;
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return url.toString();
  } catch {
    return null;
  }
}
