// startSso(): the partner button and the SSO tab. The store shows the
// redirecting overlay while the link is asked for, then the browser leaves
// for it. A failure still leaves, for the partner home page (spec 1 §8).

import { accountRuntime, accountState, clearPartnerHighlight } from '../store';
import { resolveSignOn, type SignOnOutcome } from './sign-on';

let inFlight: Promise<SignOnOutcome> | null = null;

export function startSso(): Promise<SignOnOutcome> {
  // A second tap while redirecting does nothing new.
  if (inFlight) return inFlight;
  const rt = accountRuntime();
  accountState.sso = { status: 'redirecting', errorKey: null };
  clearPartnerHighlight();
  const run = resolveSignOn(rt.manager, rt.deps.api, rt.deps.partnerHome).then((outcome) => {
    if (outcome.error) accountState.sso = { status: 'failed', errorKey: 'account:ssoFailed' };
    else {
      accountState.hasWin667 = outcome.result.has_win667;
      if (outcome.result.has_win667) accountState.win667Status = 'ready';
    }
    rt.deps.navigate(outcome.result.redirect_url);
    return outcome;
  });
  inFlight = run.finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Back from the partner through the browser's back/forward cache: hide the overlay again. */
export function resetSso(): void {
  accountState.sso = { status: 'idle', errorKey: null };
}

/**
 * A page restored from the back/forward cache (Back from the partner site) is the page as it was left:
 * redirecting, overlay on. pageshow with `persisted` says so; the overlay goes. Returns stop.
 */
export function resetSsoOnReturn(win: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
  const onShow = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) resetSso();
  };
  win.addEventListener('pageshow', onShow);
  return () => win.removeEventListener('pageshow', onShow);
}
