// The entries of a catalogue page's `list` as its bytes arrive: a MacCMS
// page is `{"code":1,...,"list":[{...},{...}]}`, and its first video is known
// long before the last one has downloaded. A small scanner (strings, escapes
// and nesting) cuts each object of the top-level `list` array out of the
// text and parses it alone. Anything it cannot read simply ends the entries.

/** Objects of the top-level "list" array of the JSON text in `chunks`, each as soon as it is complete. */
export async function* listEntries(chunks: AsyncIterable<string>): AsyncGenerator<unknown> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  let lastString = '';
  let key = '';
  let inList = false;
  let text = '';
  let entryStart = -1;
  for await (const chunk of chunks) {
    const from = text.length;
    text += chunk;
    for (let i = from; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') {
          inString = false;
          if (depth === 1) lastString = text.slice(stringStart + 1, i);
        }
        continue;
      }
      if (c === '"') {
        inString = true;
        stringStart = i;
      } else if (c === ':' && depth === 1) key = lastString;
      else if (c === ',' && depth === 1) key = '';
      else if (c === '{' || c === '[') {
        if (c === '[' && depth === 1 && key === 'list') inList = true;
        else if (c === '{' && inList && depth === 2) entryStart = i;
        depth++;
      } else if (c === '}' || c === ']') {
        depth--;
        if (depth < 0) return;
        if (inList && depth === 1) inList = false;
        if (c === '}' && inList && depth === 2 && entryStart >= 0) {
          const entry = text.slice(entryStart, i + 1);
          entryStart = -1;
          try {
            yield JSON.parse(entry) as unknown;
          } catch {
            return;
          }
        }
      }
    }
    // Only an entry or a string still arriving needs its text kept.
    const keep = entryStart >= 0 ? entryStart : inString ? stringStart : text.length;
    text = text.slice(keep);
    stringStart -= keep;
    if (entryStart >= 0) entryStart -= keep;
  }
}

/** The text of a byte stream, chunk by chunk (UTF-8 split across chunks kept whole); the stream is released when the reader stops early. */
export async function* streamText(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        const rest = decoder.decode();
        if (rest) yield rest;
        return;
      }
      yield decoder.decode(next.value, { stream: true });
    }
  } finally {
    if (!done) reader.cancel().catch(() => undefined);
  }
}
