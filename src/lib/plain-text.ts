// Catalogue text shown in the feed is text, never markup (spec 1 §5 spirit:
// catalogue fields are untrusted). Tags are removed and the common entities
// decoded, so '<b>A</b> &amp; B' reads 'A & B'; React then renders it as text.

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Markup-free, whitespace-collapsed text. Tags go first, so an encoded '&lt;b&gt;' stays visible as '<b>'. */
export function plainText(value: string): string {
  const noTags = value.replace(/<!--[\s\S]*?-->/g, '').replace(/<\/?[a-z][^>]*>/gi, ' ');
  return decodeEntities(noTags).replace(/\s+/g, ' ').trim();
}
