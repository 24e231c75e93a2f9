// An upstream answer's text -> JSON, whatever the content type says (MacCMS
// sites often send JSON as text/html, some with PHP notices or a BOM in front).
// Text that is not JSON becomes a message quoting what the site said.

import { importConfig } from '../config';

export type Decoded = { ok: true; value: unknown } | { ok: false; message: string };

function tryParse(text: string): { ok: true; value: unknown } | null {
  try {
    return { ok: true, value: JSON.parse(text, withoutNul) };
  } catch {
    return null;
  }
}

/** How the site's non-JSON answer reads in one line: a page title, or the text itself, shortened. */
export function describeText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return 'an empty answer';
  if (/^<!doctype html|<html[\s>]/i.test(trimmed)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(trimmed)?.[1]?.replace(/\s+/g, ' ').trim();
    return title ? `an HTML page titled "${shorten(title)}"` : 'an HTML page';
  }
  return `"${shorten(trimmed.replace(/\s+/g, ' '))}"`;
}

function shorten(text: string): string {
  const chars = [...text];
  return chars.length > importConfig.quotedChars ? `${chars.slice(0, importConfig.quotedChars).join('')}…` : text;
}

export function decodeBody(text: string): Decoded {
  const body = text.replace(/^\uFEFF/, '').trim();
  const whole = tryParse(body);
  if (whole) return whole;
  // JSON after a PHP notice or other prefix: from the envelope's start to the last brace.
  const start = body.search(/\{\s*"code"\s*:/);
  const embedded = start > 0 ? tryParse(body.slice(start, body.lastIndexOf('}') + 1)) : null;
  if (embedded) return embedded;
  const hint = body === 'closed' ? ' (the site has switched its MacCMS API off)' : '';
  return { ok: false, message: `the source answered ${describeText(body)} instead of JSON${hint}` };
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000: one such character in one
 * item used to fail the whole page's insert. It carries nothing, so it goes.
 */
function withoutNul(_key: string, value: unknown): unknown {
  return typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
}
