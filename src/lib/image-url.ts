// Catalogue picture addresses are untrusted: only http(s) and same-origin
// paths are loaded; anything else (javascript:, data:, junk) counts as no
// picture, so the card shows its placeholder.

export function safeImageUrl(value: string | undefined, base: string = globalThis.location?.href ?? 'http://localhost/'): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    const url = new URL(text, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
