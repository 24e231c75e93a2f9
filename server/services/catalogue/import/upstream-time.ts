// Upstream vod_time -> an instant. MacCMS writes 'YYYY-MM-DD HH:mm:ss' in its
// server's zone (no offset in the text), so the offset is an assumption
// (importConfig.upstreamUtcOffset); Unix seconds and ISO strings are exact.

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant `value` names, or null when it names none. */
export function parseUpstreamTime(value: unknown, utcOffset: string): Date | null {
  if (typeof value === 'number') return fromUnixSeconds(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{9,11}$/.test(text)) return fromUnixSeconds(Number(text));
  const m = WALL_CLOCK.exec(text);
  const iso = m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${utcOffset}` : /^\d{4}-\d{2}-\d{2}T.+(?:Z|[+-]\d{2}:\d{2})$/.test(text) ? text : null;
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms);
}

function fromUnixSeconds(seconds: number): Date | null {
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : null;
}
