// Upstream text with HTML in it, reduced before it is stored. The app shows
// vod_content as text (src/lib/plain-text.ts removes tags, decodes entities),
// but our MacCMS API hands it on to clients that may put it in a web view, so
// what is stored must be harmless markup whoever renders it:
//  - vod_content keeps a few formatting tags, without any attribute (no
//    handlers, no style, no links), and its entities as sent; elements whose
//    content is code or another document (script, style, iframe, svg...) go
//    with their content; every other tag goes, its text kept; a '<' that
//    opens no kept tag is written &lt;, so no half tag is left to complete.
//  - one-line fields (names, remarks, people) lose their tags: markup there
//    is a site's styling (<font color=red>HD</font>), never meant as text.

/** Tags vod_content keeps, bare. */
const KEPT = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'span', 'div', 'ul', 'ol', 'li']);

/** Elements whose content is not text to read: removed with it. */
const WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'noembed', 'noframes', 'template', 'svg', 'math', 'title', 'textarea', 'select', 'xmp', 'head'];

const ELEMENTS = new RegExp(`<(${WITH_CONTENT.join('|')})\\b[^>]*>[\\s\\S]*?<\\/\\1\\s*>`, 'gi');
/** An opening tag of those elements left unclosed: a browser reads the rest as its content, so the rest goes. */
const UNCLOSED = new RegExp(`<(?:${WITH_CONTENT.join('|')})\\b[\\s\\S]*$`, 'i');
/** Comments, doctypes, CDATA and processing instructions. */
const DECLARATIONS = /<!--[\s\S]*?(?:-->|$)|<[!?][^>]*>?/g;
const TAG = /<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi;

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
/** A lone or unclosed <script ...> or </script> tag left after the elements are gone. */
const SCRIPT_TAG = /<\/?script\b[^>]*>?/gi;

/** Applies `step` until the text stops changing (a removal can join "<scr" + "ipt>"). */
function untilStable(text: string, step: (t: string) => string): string {
  let current = text;
  for (;;) {
    const next = step(current);
    if (next === current) return current;
    current = next;
  }
}

/** Removes script elements and stray script tags. */
export function stripScripts(html: string): string {
  return untilStable(html, (t) => t.replace(SCRIPT_ELEMENT, '').replace(SCRIPT_TAG, ''));
}

/** What is left once code-carrying elements, declarations and unclosed code elements are gone. */
function withoutCode(html: string): string {
  return untilStable(html, (t) => t.replace(DECLARATIONS, '').replace(ELEMENTS, '').replace(UNCLOSED, ''));
}

/** vod_content as stored: kept tags bare, other tags removed, stray '<' escaped. */
export function safeMarkup(html: string): string {
  const text = withoutCode(html);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(TAG)) {
    out += text.slice(last, m.index).replaceAll('<', '&lt;');
    const name = m[2].toLowerCase();
    if (KEPT.has(name)) out += name === 'br' ? '<br>' : `<${m[1]}${name}>`;
    last = m.index + m[0].length;
  }
  return out + text.slice(last).replaceAll('<', '&lt;');
}

/** A one-line field without markup: tags and code elements removed, the text between them kept. */
export function withoutTags(text: string): string {
  if (!text.includes('<')) return text;
  return withoutCode(text).replace(TAG, '').trim();
}
