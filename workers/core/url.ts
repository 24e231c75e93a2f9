// URI resolution for playlist lines. A fast path covers the shapes met on every
// line of a long playlist (absolute, root-relative, plain relative); anything
// with dot segments or odd schemes goes through the URL parser.

export type Resolver = (uri: string) => string | null;

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

/** Returns a resolver bound to `base`, or one that only accepts absolute URIs when `base` is not a URL. */
export function createResolver(base: string): Resolver {
  let baseUrl: URL | null = null;
  try {
    baseUrl = new URL(base);
  } catch {
    baseUrl = null;
  }
  if (!baseUrl) return (uri) => (ABSOLUTE.test(uri) ? uri : null);
  const origin = baseUrl.protocol === 'file:' ? 'file://' : `${baseUrl.protocol}//${baseUrl.host}`;
  const dir = origin + baseUrl.pathname.slice(0, baseUrl.pathname.lastIndexOf('/') + 1);
  const href = baseUrl.href;
  return (uri) => {
    if (uri.startsWith('https://') || uri.startsWith('http://')) return uri;
    const simple = !uri.includes('./') && !uri.includes('\\') && !uri.startsWith('?') && !uri.startsWith('#');
    if (simple && uri.startsWith('/') && !uri.startsWith('//')) return origin + uri;
    if (simple && !uri.startsWith('/') && (!uri.includes(':') || !ABSOLUTE.test(uri))) return dir + uri;
    try {
      return new URL(uri, href).href;
    } catch {
      return null;
    }
  };
}

/** Parts of an absolute URL used as ad evidence: host, directory, file name, query. */
export interface UrlParts {
  host: string;
  dir: string;
  file: string;
  query: string;
}

export function splitUrl(url: string): UrlParts {
  const hashAt = url.indexOf('#');
  const noHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const q = noHash.indexOf('?');
  const path = q >= 0 ? noHash.slice(0, q) : noHash;
  const query = q >= 0 ? noHash.slice(q + 1) : '';
  const schemeEnd = path.indexOf('://');
  const hostStart = schemeEnd >= 0 ? schemeEnd + 3 : 0;
  let hostEnd = path.indexOf('/', hostStart);
  if (hostEnd < 0) hostEnd = path.length;
  const slash = path.lastIndexOf('/');
  return {
    host: path.slice(hostStart, hostEnd).toLowerCase(),
    dir: slash >= hostEnd ? path.slice(hostEnd, slash + 1) : '/',
    file: slash >= hostEnd ? path.slice(slash + 1) : '',
    query,
  };
}
