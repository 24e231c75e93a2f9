// A small lexer for TypeScript sources: the string literals a file holds, with
// comments skipped and regular-expression literals not mistaken for strings.
// Enough for the i18n key check; not a parser.

export interface ScannedSource {
  /** Plain string literals and templates without substitutions, unescaped. */
  strings: string[];
  /** Templates with ${...}: the static text before the first substitution. */
  templateHeads: string[];
  /** The source with its comments blanked out. */
  code: string;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** Characters after which '/' starts a regular expression rather than a division. */
const REGEX_AFTER = new Set(['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^']);
const REGEX_AFTER_WORDS = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'void', 'yield', 'await', 'throw', 'new', 'delete', 'instanceof']);

export function scanSource(text: string): ScannedSource {
  const strings: string[] = [];
  const templateHeads: string[] = [];
  const comments: [number, number][] = [];
  /** Last significant token kind, for the regex-or-division decision. */
  let last = '';
  let i = 0;
  // Open template literals whose ${ } we are inside: their brace depth.
  const templateBraces: number[] = [];
  let braceDepth = 0;

  const readQuoted = (quote: string): string => {
    let out = '';
    i++;
    while (i < text.length && text[i] !== quote) {
      if (text[i] === '\\') {
        const next = text[i + 1] ?? '';
        out += ESCAPES[next] ?? (next === '\n' ? '' : next);
        i += 2;
      } else {
        out += text[i++];
      }
    }
    i++;
    return out;
  };

  /** Reads template text up to the closing ` (true) or a ${ (false). */
  const readTemplatePart = (): { text: string; closed: boolean } => {
    let out = '';
    while (i < text.length) {
      const ch = text[i];
      if (ch === '\\') {
        out += ESCAPES[text[i + 1]] ?? text[i + 1];
        i += 2;
      } else if (ch === '`') {
        i++;
        return { text: out, closed: true };
      } else if (ch === '$' && text[i + 1] === '{') {
        i += 2;
        return { text: out, closed: false };
      } else {
        out += ch;
        i++;
      }
    }
    return { text: out, closed: true };
  };

  const skipRegex = () => {
    let inClass = false;
    i++;
    while (i < text.length && text[i] !== '\n') {
      const ch = text[i];
      if (ch === '\\') i += 2;
      else {
        i++;
        if (ch === '[') inClass = true;
        else if (ch === ']') inClass = false;
        else if (ch === '/' && !inClass) break;
      }
    }
    while (i < text.length && /[a-z]/i.test(text[i])) i++;
  };

  while (i < text.length) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === '/' && next === '/') {
      const start = i;
      while (i < text.length && text[i] !== '\n') i++;
      comments.push([start, i]);
    } else if (ch === '/' && next === '*') {
      const start = i;
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      comments.push([start, i]);
    } else if (ch === "'" || ch === '"') {
      strings.push(readQuoted(ch));
      last = 'value';
    } else if (ch === '`') {
      i++;
      const head = readTemplatePart();
      if (head.closed) strings.push(head.text);
      else {
        templateHeads.push(head.text);
        templateBraces.push(braceDepth);
      }
      last = 'value';
    } else if (ch === '}' && templateBraces.length > 0 && templateBraces[templateBraces.length - 1] === braceDepth) {
      // End of a ${ } substitution: the template continues.
      i++;
      templateBraces.pop();
      if (!readTemplatePart().closed) templateBraces.push(braceDepth);
      last = 'value';
    } else if (ch === '/') {
      if (REGEX_AFTER.has(last) || REGEX_AFTER_WORDS.has(last)) {
        skipRegex();
        last = 'value';
      } else {
        i++;
        last = '/';
      }
    } else if (/[A-Za-z_$]/.test(ch)) {
      let word = '';
      while (i < text.length && /[\w$]/.test(text[i])) word += text[i++];
      last = REGEX_AFTER_WORDS.has(word) ? word : 'value';
    } else if (/[0-9]/.test(ch)) {
      while (i < text.length && /[\w.]/.test(text[i])) i++;
      last = 'value';
    } else if (/\s/.test(ch)) {
      i++;
    } else {
      if (ch === '{') braceDepth++;
      else if (ch === '}') braceDepth--;
      last = ch === ')' || ch === ']' ? 'value' : ch;
      i++;
    }
  }
  let code = '';
  let from = 0;
  for (const [start, end] of comments) {
    code += text.slice(from, start) + ' ';
    from = end;
  }
  code += text.slice(from);
  return { strings, templateHeads, code };
}
