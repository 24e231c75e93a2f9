// An info call with device data (spec 1 §7 "on a check") adds that device
// sample to the player's bounded fingerprint list, and raises the player's
// stored risk score by how well the checking device matches the devices the
// player was seen on (spec 1 §9 match thresholds 0.85/0.75/0.7,
// fingerprint-match.ts): a credential used from another device is a risk
// signal kept for review. The score only ever rises.

import type { Db } from '../../db/client';
import { bestMatch, matchLevel, riskOfMatch } from './fingerprint-match';
import { mergeSample, readSamples, toSample, type DeviceFields } from './fingerprints';
import { lockPlayer, setFingerprints } from './players-repo';

export function hasDeviceData(f: DeviceFields): boolean {
  return [f.browser_fingerprint, f.user_agent, f.timezone, f.screen_resolution, f.color_depth, f.language, f.identity_id].some((v) => v !== undefined && v !== '');
}

export async function recordDeviceCheck(db: Db, playerRef: number, fields: DeviceFields, max: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const p = await lockPlayer(tx, playerRef);
    const known = readSamples(p.fingerprints);
    const sample = toSample(fields);
    const match = bestMatch(sample, known);
    // Nothing to compare (a first sample, or a check that sent no trait the known samples carry): no signal.
    const risk = match === null ? 0 : riskOfMatch(matchLevel(match));
    await setFingerprints(tx, playerRef, mergeSample(known, sample, now, max), Math.max(p.riskScore, risk));
  });
}
