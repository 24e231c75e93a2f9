// Spec 1 §5: a new player is refused as suspicious when automation markers are
// present or one address asks for too many players in a minute. The stored
// risk score (0..100) keeps the strongest signal seen, for later review.

import { playerDefaults } from './config';

export interface InitSignals {
  /** user_agent sent in the body. */
  bodyUserAgent?: string;
  /** The request's User-Agent header. */
  headerUserAgent?: string;
  webdriver?: boolean;
  /** The client's own risk estimate (0..100). */
  clientRiskScore?: number;
  /** Init calls from this address in the window, this one included. */
  recentInitsFromIp: number;
}

export interface InitPolicy {
  allowAutomation: boolean;
  initsPerIpPerMinute: number;
}

export type InitVerdict = { ok: true; riskScore: number } | { ok: false; reason: 'automation' | 'rate'; message: string };

export function automationMarker(s: Pick<InitSignals, 'bodyUserAgent' | 'headerUserAgent' | 'webdriver'>): string | null {
  if (s.webdriver === true) return 'webdriver flag';
  for (const ua of [s.bodyUserAgent, s.headerUserAgent]) {
    const lower = (ua ?? '').toLowerCase();
    const hit = playerDefaults.automationUserAgentMarkers.find((m) => lower.includes(m));
    if (hit) return `user agent contains "${hit}"`;
  }
  return null;
}

export function assessInit(s: InitSignals, policy: InitPolicy): InitVerdict {
  const marker = automationMarker(s);
  if (marker && !policy.allowAutomation) {
    return { ok: false, reason: 'automation', message: `Suspicious client refused: automation marker (${marker}).` };
  }
  if (s.recentInitsFromIp > policy.initsPerIpPerMinute) {
    return { ok: false, reason: 'rate', message: `Suspicious client refused: more than ${policy.initsPerIpPerMinute} new players from one address in a minute; try again later.` };
  }
  // Half the score for using up this address's allowance, all of it for automation.
  const burst = Math.round((50 * s.recentInitsFromIp) / policy.initsPerIpPerMinute);
  const client = Math.min(100, Math.max(0, s.clientRiskScore ?? 0));
  return { ok: true, riskScore: Math.max(client, burst, marker ? 100 : 0) };
}
