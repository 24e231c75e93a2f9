// Spec 1 §5: a new player is refused as suspicious when automation markers are
// present, when one address asks for too many players in a minute, or when
// the device's fingerprint differs across the three samples the page takes at
// init (a real browser reads the same fingerprint three times in a row;
// fingerprint spoofers that randomise per read do not). The stored risk score
// (0..100) keeps the strongest signal seen, for later review.

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
  /** The fingerprint as the page read it several times in a row (fingerprint_samples); absent from older pages. */
  fingerprintSamples?: readonly string[];
}

export interface InitPolicy {
  allowAutomation: boolean;
  initsPerIpPerMinute: number;
}

export type SuspiciousReason = 'automation' | 'rate' | 'fingerprint';

export type InitVerdict = { ok: true; riskScore: number } | { ok: false; reason: SuspiciousReason; message: string };

/** Whether the samples (when the page sent the spec's three or more) are not all one fingerprint. */
export function samplesDiffer(samples: readonly string[] | undefined): boolean {
  if (!samples || samples.length < playerDefaults.fingerprintSamplesAtInit) return false;
  return new Set(samples).size > 1;
}

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
  if (samplesDiffer(s.fingerprintSamples)) {
    return { ok: false, reason: 'fingerprint', message: 'Suspicious client refused: the device fingerprint changed between samples taken in a row.' };
  }
  if (s.recentInitsFromIp > policy.initsPerIpPerMinute) {
    return { ok: false, reason: 'rate', message: `Suspicious client refused: more than ${policy.initsPerIpPerMinute} new players from one address in a minute; try again later.` };
  }
  // Half the score for using up this address's allowance, all of it for automation.
  const burst = Math.round((50 * s.recentInitsFromIp) / policy.initsPerIpPerMinute);
  const client = Math.min(100, Math.max(0, s.clientRiskScore ?? 0));
  return { ok: true, riskScore: Math.max(client, burst, marker ? 100 : 0) };
}
