// Log hygiene (spec 1 §8: tokens, URLs and IPs redacted): request logs carry
// the path without its query string and never the client address or bodies.

/** Path of a URL without query or fragment: '/sso?accessToken=...' -> '/sso?…'. */
export function redactUrl(url: string): string {
  const cut = url.search(/[?#]/);
  return cut < 0 ? url : `${url.slice(0, cut)}?…`;
}

/** IPv6 in its full, compressed and IPv4-mapped forms (three colons or a '::', so times such as 12:30:45 stay). */
const IPV6 = /(?<![\w:.])(?:(?:[0-9a-f]{1,4}:){3,7}[0-9a-f]{1,4}|(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{0,4}::(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){0,6})?(?:\.\d{1,3}){0,3})(?![\w:])/gi;

/**
 * Masks credentials, bearer tokens, JWT-looking strings, IPv4 and IPv6
 * addresses, user agents, and the parameters of a failed query (a database
 * error names its parameters: device ids, fingerprints, user agents).
 */
export function redactText(text: string): string {
  return text
    .replace(/(\bparams:)[^\n]*/gi, '$1 [redacted]')
    .replace(/\b(?:Mozilla|Opera|Dalvik|curl|python-requests|okhttp)\/\d[^\n"]*/g, '[user-agent]')
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]')
    .replace(/\b[a-f0-9]{40,}\b/gi, '[secret]')
    .replace(IPV6, '[ip]')
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
