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

export function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;background:#111;color:#eee}a{color:#ffcc33}dt{opacity:.7}dd{margin:0 0 .8rem;font-size:1.2rem}.error{color:#ff7b7b}</style>
</head>
<body>
${body}
</body>
</html>
`.value;
}
