// Attribute lists of HLS tags: KEY=value,KEY="quoted, value",... (RFC 8216 §4.2).

const ATTR = /([A-Z0-9-]+)=("[^"]*"|[^,]*)/gi;

export function parseAttributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(text); m; m = ATTR.exec(text)) {
    const raw = m[2];
    out[m[1].toUpperCase()] = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw.trim();
  }
  return out;
}

/** Text after the first ':' of a tag line ('' when there is none). */
export function tagValue(line: string): string {
  const i = line.indexOf(':');
  return i < 0 ? '' : line.slice(i + 1);
}

/** Tag name of a line: '#EXT-X-KEY' for '#EXT-X-KEY:METHOD=NONE'. */
export function tagName(line: string): string {
  const i = line.indexOf(':');
  return (i < 0 ? line : line.slice(0, i)).trim().toUpperCase();
}

/** An attribute list whose quotes do not pair up cannot be read or rewritten faithfully. */
export function hasUnbalancedQuote(text: string): boolean {
  let quotes = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 34 /* " */) quotes++;
  return quotes % 2 === 1;
}
