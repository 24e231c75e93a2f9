// URIs inside tag lines that the writer keeps verbatim (EXT-X-PART,
// PRELOAD-HINT, RENDITION-REPORT, MEDIA, I-FRAME-STREAM-INF, SESSION-*,
// PREFETCH, unknown tags): a clean playlist is served from another URL than
// the one it was loaded from, so a relative URI would resolve against the wrong
// base. Segment, KEY and MAP URIs are resolved by the parser.

import { hasUnbalancedQuote } from './attributes';
import type { Resolver } from './url';

/** Attribute-list items (RFC 8216 §4.2): NAME=value or NAME="quoted, value". */
const ATTR = /([A-Z0-9-]+)=("[^"]*"|[^,]*)/gi;
/** EXT-X-PREFETCH (a pre-RFC low-latency tag) carries a bare URI. */
const PREFETCH = '#EXT-X-PREFETCH:';

/**
 * The tag line with every quoted attribute whose name ends in URI made
 * absolute. A line with an unbalanced quote is returned as it is: rewriting a
 * malformed list could only make it worse.
 */
export function absoluteTagUris(line: string, resolve: Resolver): string {
  if (line.startsWith(PREFETCH)) {
    const abs = resolve(line.slice(PREFETCH.length).trim());
    return abs === null ? line : PREFETCH + abs;
  }
  if (!line.includes('URI=')) return line;
  const colon = line.indexOf(':');
  if (colon < 0 || hasUnbalancedQuote(line)) return line;
  const list = line.slice(colon + 1).replace(ATTR, (item, name: string, value: string) => {
    if (!name.toUpperCase().endsWith('URI') || value.length < 2 || value[0] !== '"') return item;
    const abs = resolve(value.slice(1, -1));
    return abs === null ? item : `${name}="${abs}"`;
  });
  return line.slice(0, colon + 1) + list;
}
