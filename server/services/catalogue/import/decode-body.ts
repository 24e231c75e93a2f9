// An upstream answer's text -> JSON, whatever the content type says (MacCMS
// sites often send JSON as text/html, some with PHP notices or a BOM in front).
// An XML answer (at=xml, or a site that only speaks XML) becomes the envelope
// its JSON twin would be (xml-answer.ts). Text that is neither becomes a
// message quoting what the site said.

import { importConfig } from '../config';
import { looksLikeXml, readXmlAnswer } from './xml-answer';

/**
 * `notMacCmsJson`: the source answered (2xx) with text that is not a MacCMS JSON answer, so its XML form (at=xml)
 * may still be (page-source.ts asks it once). Not set for failed requests, nor for MacCMS's "closed" (its API is off,
 * XML included).
 */
export type Decoded = { ok: true; value: unknown } | { ok: false; message: string; notMacCmsJson?: true };

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
  if (looksLikeXml(body)) return readXmlAnswer(body);
  // JSON after a PHP notice or other prefix: from the envelope's start to the last brace.
  const start = body.search(/\{\s*"code"\s*:/);
  const embedded = start > 0 ? tryParse(body.slice(start, body.lastIndexOf('}') + 1)) : null;
  if (embedded) return embedded;
  if (body === 'closed') return { ok: false, message: `the source answered ${describeText(body)} instead of JSON (the site has switched its MacCMS API off)` };
  return { ok: false, message: `the source answered ${describeText(body)} instead of JSON`, notMacCmsJson: true };
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000: one such character in one
 * item used to fail the whole page's insert. It carries nothing, so it goes.
 */
function withoutNul(_key: string, value: unknown): unknown {
  return typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
}
