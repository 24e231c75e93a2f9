// How alike two device samples are, and what that means (spec 1 §9 match
// thresholds 0.85, 0.75, 0.7). A score is the weighted share of the traits
// both samples carry that are equal; the fingerprint weighs most, since the
// page derives it from the other traits and more (a canvas drawing).

import { deviceMatch } from './config';
import { madeUpKeyPrefix, type DeviceSample } from './fingerprints';

export type MatchLevel = 'same' | 'likely' | 'possible' | 'other';

type Traits = Partial<Pick<DeviceSample, 'fingerprint' | 'user_agent' | 'screen_resolution' | 'timezone' | 'language' | 'color_depth'>>;

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A sample's fingerprint as the page sent it; the key made up when it sent none (fingerprints.ts sampleKey) is not one. */
const sentFingerprint = (t: Traits) => (t.fingerprint?.startsWith(madeUpKeyPrefix) ? undefined : t.fingerprint);

/** 0..1; null when the samples share no trait to compare. */
export function similarity(a: Traits, b: Traits): number | null {
  let compared = 0;
  let equal = 0;
  for (const [field, weight] of Object.entries(deviceMatch.weights) as [keyof Traits, number][]) {
    const x = field === 'fingerprint' ? sentFingerprint(a) : a[field];
    const y = field === 'fingerprint' ? sentFingerprint(b) : b[field];
    if (!present(x) || !present(y)) continue;
    compared += weight;
    if (x === y) equal += weight;
  }
  // Rounded: sums of decimal weights must not fall a hair short of a threshold (0.3 + 0.15 + ... = 0.7499...).
  return compared === 0 ? null : Math.round((equal / compared) * 1e6) / 1e6;
}

export function matchLevel(score: number): MatchLevel {
  if (score >= deviceMatch.sameDevice) return 'same';
  if (score >= deviceMatch.likelySame) return 'likely';
  if (score >= deviceMatch.possibleSame) return 'possible';
  return 'other';
}

/** The best score of a sample against known ones; null when no known sample shares a trait with it. */
export function bestMatch(sample: Traits, known: readonly Traits[]): number | null {
  let best: number | null = null;
  for (const k of known) {
    const score = similarity(sample, k);
    if (score !== null && (best === null || score > best)) best = score;
  }
  return best;
}

/** The risk score a credential check from this device justifies (config riskBands). */
export function riskOfMatch(level: MatchLevel): number {
  const bands = deviceMatch.riskBands;
  return level === 'same' ? bands.sameDevice : level === 'likely' ? bands.likelySame : level === 'possible' ? bands.possibleSame : bands.otherDevice;
}
