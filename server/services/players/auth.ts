// Who is calling: the credential in the body names the player. Unknown
// credentials answer 401 and disabled players 403, the two codes on which the
// client starts its account recovery (spec 1 §8).

import type { Db } from '../../db/client';
import { hashCredential } from './credential';
import type { PlayerRow } from './db-types';
import { accountDisabled, invalidCredential } from './errors';
import { touchByCredentialHash } from './players-repo';

export async function authenticate(db: Db, credential: string): Promise<PlayerRow> {
  const player = await touchByCredentialHash(db, hashCredential(credential));
  if (!player) throw invalidCredential();
  if (player.disabled) throw accountDisabled();
  return player;
}
