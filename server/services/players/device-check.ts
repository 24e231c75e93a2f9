// An info call with device data (spec 1 §7 "on a check") adds that device
// sample to the player's bounded fingerprint list.

import type { Db } from '../../db/client';
import { mergeSample, readSamples, toSample, type DeviceFields } from './fingerprints';
import { lockPlayer, setFingerprints } from './players-repo';

export function hasDeviceData(f: DeviceFields): boolean {
  return [f.browser_fingerprint, f.user_agent, f.timezone, f.screen_resolution, f.color_depth, f.language, f.identity_id].some((v) => v !== undefined && v !== '');
}

export async function recordDeviceCheck(db: Db, playerRef: number, fields: DeviceFields, max: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const p = await lockPlayer(tx, playerRef);
    await setFingerprints(tx, playerRef, mergeSample(readSamples(p.fingerprints), toSample(fields), now, max));
  });
}
