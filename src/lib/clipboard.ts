// Copy text to the clipboard: the async Clipboard API where it is allowed,
// else the old way (a hidden textarea, select, execCommand('copy')), which
// still works in webviews and on plain http. Never throws.

export interface ClipboardDeps {
  clipboard?: { writeText(text: string): Promise<void> };
  document?: Pick<Document, 'createElement' | 'body' | 'execCommand'>;
}

function browserDeps(): ClipboardDeps {
  return {
    clipboard: typeof navigator !== 'undefined' ? navigator.clipboard : undefined,
    document: typeof document !== 'undefined' ? document : undefined,
  };
}

function copyWithTextarea(text: string, doc: NonNullable<ClipboardDeps['document']>): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off screen but rendered: a display:none element cannot be selected.
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  doc.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export async function copyText(text: string, deps: ClipboardDeps = browserDeps()): Promise<boolean> {
  if (deps.clipboard?.writeText) {
    try {
      await deps.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, no focus, insecure context): try the fallback.
    }
  }
  return deps.document ? copyWithTextarea(text, deps.document) : false;
}
