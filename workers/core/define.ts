// EXT-X-DEFINE variable substitution (RFC 8216bis §4.3.1.1 and §4.4.2.3).
// A definition applies to the lines after it: NAME/VALUE defines a value,
// QUERYPARAM takes the value of that query parameter of the playlist's own URL,
// IMPORT takes a value the multivariant playlist defined (passed in by the
// caller when it has one). A reference to a variable that is not defined at
// that point is left as written, as hls.js and m3u8-parser do; the RFC would
// reject the playlist, but a player that tolerates it still plays the rest.
// The substituted text carries no DEFINE tag: its URIs no longer need one, and
// a QUERYPARAM definition would be wrong once the playlist is served elsewhere.

import { parseAttributes } from './attributes';

const REFERENCE = /\{\$([A-Za-z0-9_-]+)\}/g;
const DEFINE = '#EXT-X-DEFINE:';

function substitute(line: string, vars: ReadonlyMap<string, string>): string {
  if (vars.size === 0 || !line.includes('{$')) return line;
  return line.replace(REFERENCE, (ref, name: string) => vars.get(name) ?? ref);
}

function queryParam(url: string, name: string): string | undefined {
  try {
    return new URL(url).searchParams.get(name) ?? undefined;
  } catch {
    return undefined;
  }
}

/** True when the lines need a substitution pass (a cheap test on the raw text). */
export function hasDefines(text: string): boolean {
  return text.includes(DEFINE);
}

export interface Substituted {
  lines: string[];
  /** Every variable defined by the end: what a multivariant playlist hands its media playlists to IMPORT. */
  variables: Record<string, string>;
}

/**
 * Lines with every variable reference defined before it substituted; the
 * DEFINE lines are removed. `imported` holds the multivariant playlist's values.
 */
export function applyDefines(lines: readonly string[], url: string, imported: Readonly<Record<string, string>> = {}): Substituted {
  const vars = new Map<string, string>();
  const out: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line.startsWith(DEFINE)) {
      out.push(substitute(raw, vars));
      continue;
    }
    const a = parseAttributes(line.slice(DEFINE.length));
    if (a.NAME !== undefined && a.VALUE !== undefined) vars.set(a.NAME, substitute(a.VALUE, vars));
    else if (a.QUERYPARAM !== undefined) {
      const v = queryParam(url, a.QUERYPARAM);
      if (v !== undefined) vars.set(a.QUERYPARAM, v);
    } else if (a.IMPORT !== undefined) {
      const v = Object.hasOwn(imported, a.IMPORT) ? imported[a.IMPORT] : undefined;
      if (v !== undefined) vars.set(a.IMPORT, v);
    }
  }
  return { lines: out, variables: Object.fromEntries(vars) };
}
