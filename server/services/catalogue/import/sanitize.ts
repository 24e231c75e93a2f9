// vod_content is stored as sent (the app escapes it on output), except for
// scripts: no stored text should carry one, whoever renders it later.

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
/** A lone or unclosed <script ...> or </script> tag left after the elements are gone. */
const SCRIPT_TAG = /<\/?script\b[^>]*>?/gi;

/** Removes script elements and stray script tags, repeating until none is left (removal can join "<scr" + "ipt>"). */
export function stripScripts(html: string): string {
  let text = html;
  for (;;) {
    const next = text.replace(SCRIPT_ELEMENT, '').replace(SCRIPT_TAG, '');
    if (next === text) return text;
    text = next;
  }
}
