// Server-rendered HTML for the demo partner: every interpolated value is
// escaped unless it is markup this module built itself.

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => entities[c]);
}

/** Markup that is already safe (built by `html`). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = string | number | SafeHtml | SafeHtml[];

/** Tagged template: strings and numbers are escaped, SafeHtml is kept as is. */
export function html(strings: TemplateStringsArray, ...parts: Part[]): SafeHtml {
  let out = strings[0];
  parts.forEach((p, i) => {
    const piece = p instanceof SafeHtml ? p.value : Array.isArray(p) ? p.map((x) => x.value).join('') : escapeHtml(String(p));
    out += piece + strings[i + 1];
  });
  return new SafeHtml(out);
}

/**
 * The pages' one style sheet (inline: the CSP allows no other). A phone first: the way back is a 44 px button,
 * text reaches 4.5:1 on the dark background (dt is #bdbdbd, 9.6:1).
 */
const STYLE = new SafeHtml(
  [
    'body{font-family:system-ui,sans-serif;font-size:1rem;line-height:1.45;max-width:32rem;margin:0 auto;padding:1.5rem 1rem;background:#111;color:#eee}',
    'a{color:#ffcc33}',
    'dt{color:#bdbdbd}',
    'dd{margin:0 0 .8rem;font-size:1.2rem}',
    '.error{color:#ff8a8a}',
    '.note{color:#bdbdbd}',
    '.balance dd{font-size:1.6rem;font-weight:700;color:#ffcc33}',
    '.bar{height:6px;border-radius:3px;background:#333;overflow:hidden;margin:0 0 1.25rem}',
    '.bar>div{height:100%;background:#ffcc33}',
    '.back{display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;min-height:44px;min-width:44px;padding:0 1.5rem;border-radius:999px;background:#ffcc33;color:#111;font-weight:700;text-decoration:none}',
    '.back:focus-visible{outline:3px solid #7cc4ff;outline-offset:2px}',
  ].join(''),
);

export function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`.value;
}
