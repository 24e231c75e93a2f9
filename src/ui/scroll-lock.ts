// Body scroll lock for overlays (spec 3 §2: locked while the modal is open).
// Counted, so nested overlays unlock only when the last one closes, and the
// body's own overflow value is restored exactly.

export interface LockableStyle {
  overflow: string;
}

interface LockRecord {
  count: number;
  saved: string;
}

const locks = new WeakMap<LockableStyle, LockRecord>();

/** Locks scrolling on `style` (document.body.style); returns the matching unlock, safe to call twice. */
export function lockScroll(style: LockableStyle): () => void {
  const record = locks.get(style) ?? { count: 0, saved: style.overflow };
  if (record.count === 0) {
    record.saved = style.overflow;
    style.overflow = 'hidden';
  }
  record.count++;
  locks.set(style, record);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    record.count--;
    if (record.count === 0) style.overflow = record.saved;
  };
}
