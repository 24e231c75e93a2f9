// The last fallback of startup (spec 1 §4): swap the document for the static
// failure page in public/, which reloads the app after 5 s. The page returns
// to the address the visitor was on, without its accessToken.

import { routerConfig } from '../router/config';
import { startupConfig } from './config';

/** Only a same-origin path may be a return address (never '//host' or a full URL). */
export function isSafeReturnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** /failure.html?from=<reason>&return=<path and query>. */
export function failurePageUrl(reason: string, current: { pathname: string; search: string }): string {
  const query = new URLSearchParams(current.search);
  query.delete(routerConfig.accessTokenParam);
  const rest = query.toString();
  const back = `${current.pathname}${rest ? `?${rest}` : ''}`;
  const target = new URLSearchParams({ from: reason });
  if (isSafeReturnPath(back)) target.set('return', back);
  return `${startupConfig.failurePagePath}?${target.toString()}`;
}

export function showFailurePage(location: { pathname: string; search: string; replace(url: string): void }, reason: string): void {
  location.replace(failurePageUrl(reason, location));
}
