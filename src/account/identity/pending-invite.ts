// The invite code of the entry address (?invite=), kept in storage from the
// page's start until a player is created with it (or this browser turns out
// to have a player already), so a failed first init or a reload before it
// does not lose the invite.

import { identityConfig, identityKeys } from './config';
import type { KeyValueStore } from '../../lib/key-value-store';

export function isInviteCode(code: unknown): code is string {
  return typeof code === 'string' && identityConfig.inviteCodePattern.test(code);
}

export function keepInvite(store: KeyValueStore, code: string): void {
  if (isInviteCode(code)) store.setItem(identityKeys.pendingInvite, code);
}

/** The kept code; a damaged value counts as none. */
export function pendingInvite(store: KeyValueStore): string | null {
  const code = store.getItem(identityKeys.pendingInvite);
  return isInviteCode(code) ? code : null;
}

export function forgetInvite(store: KeyValueStore): void {
  store.removeItem(identityKeys.pendingInvite);
}
