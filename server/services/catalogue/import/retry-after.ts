// A Retry-After header -> milliseconds to wait: delta-seconds or an HTTP date
// (RFC 9110 §10.2.3); anything else, or a date in the past, says nothing.

export function retryAfterMs(header: string | string[] | undefined, now: number = Date.now()): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
