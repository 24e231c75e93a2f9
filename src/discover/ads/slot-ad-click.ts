// What a click on a slot ad does (spec 2 §4 "Ad click"): with win667_status
// eligible or ready, the single-sign-on redirect; otherwise the partner's
// home page. A failed redirect opens the ad's own link in a new tab; without
// a redirect function the link opens directly.

import { SSO_AD_URL } from '../../api/app-config';

export interface SlotAdClickDeps {
  win667Status: string | null;
  /** Starts the sign-on redirect; resolves with whether it failed. Absent: no redirect function. */
  startSso?: () => Promise<{ failed: boolean }>;
  partnerHome: string;
  openTab: (url: string) => void;
  openHere: (url: string) => void;
}

const SIGN_ON_STATUSES: readonly string[] = ['eligible', 'ready'];

/** The ad's own web link, or null for the sign-on pseudo-link. */
function webLink(url: string): string | null {
  const u = url.trim();
  return u !== SSO_AD_URL && /^https?:\/\/\S+$/i.test(u) ? u : null;
}

export async function openSlotAd(ad: { url: string }, deps: SlotAdClickDeps): Promise<void> {
  const link = webLink(ad.url) ?? deps.partnerHome;
  if (!SIGN_ON_STATUSES.includes(deps.win667Status ?? '')) {
    deps.openTab(deps.partnerHome);
    return;
  }
  if (!deps.startSso) {
    deps.openHere(link);
    return;
  }
  const outcome = await deps.startSso();
  if (outcome.failed) deps.openTab(link);
}
