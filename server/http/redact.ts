// Log hygiene (spec 1 §8: tokens, URLs and IPs redacted): request logs carry
// the path without its query string and never the client address or bodies.

/** Path of a URL without query or fragment: '/sso?accessToken=...' -> '/sso?…'. */
export function redactUrl(url: string): string {
  const cut = url.search(/[?#]/);
  return cut < 0 ? url : `${url.slice(0, cut)}?…`;
}

/** Masks credentials, bearer tokens, JWT-looking strings and IPv4 addresses in free text. */
export function redactText(text: string): string {
  return text
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]')
    .replace(/\b[a-f0-9]{40,}\b/gi, '[secret]')
    .replace(/\b(?:\d{1,3}\.){3}\d{1,3}\b/g, '[ip]')
    .replace(/([?&](?:accessToken|token|credential|sign|auth_key|key)=)[^&\s]+/gi, '$1[redacted]');
}

export const logSerializers = {
  req(req: { method: string; url: string; routeOptions?: { url?: string } }) {
    return { method: req.method, url: redactUrl(req.url) };
  },
  res(res: { statusCode: number }) {
    return { statusCode: res.statusCode };
  },
  err(err: Error & { code?: string; statusCode?: number }) {
    // Stack lines name files and functions only; the message may carry a token or an address.
    return { type: err.name, code: err.code, statusCode: err.statusCode, message: redactText(err.message ?? ''), stack: redactText(err.stack ?? '') };
  },
};
