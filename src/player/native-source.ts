// The browser's own HLS player's source on a <video>: the address as `src`,
// or (spec 3 §8 MEDIA_ERR_SRC_NOT_SUPPORTED, its last step) a <source> child
// that names the playlist mime type, so the browser need not guess the type
// from the address. Only the <source> children made here are ever removed.

const MARK = 'data-cf-native';

export function setNativeSource(element: HTMLVideoElement, url: string, type: string | null): void {
  removeNativeSource(element, false);
  if (type === null) {
    element.src = url;
    return;
  }
  element.removeAttribute('src');
  const source = element.ownerDocument.createElement('source');
  source.setAttribute(MARK, '');
  source.type = type;
  source.src = url;
  element.append(source);
  element.load();
}

/** Takes the native source away; `reload` makes the element drop what it loaded (load() with nothing to load). */
export function removeNativeSource(element: HTMLVideoElement, reload = true): void {
  for (const source of element.querySelectorAll(`source[${MARK}]`)) source.remove();
  element.removeAttribute('src');
  if (reload) element.load();
}
