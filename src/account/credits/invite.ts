// The weekly invite task, on the page's side. Inviting: the invite link
// (the player's id in ?invite=) goes out through the share sheet or the
// clipboard. Arriving: the entry address's code is kept until a player is
// created with it (the identity manager sends it with init and forgets it,
// identity/pending-invite.ts), then taken out of the address. The server
// decides whether and when the inviter is paid (after the invitee's first
// counted watch cycle; server/services/players/invite.ts).

import { addressWithoutInvite, inviteLink, readInviteCode } from './invite-link';
import { shareLink, type ShareOutcome } from './share';
import { keepInvite, pendingInvite } from '../identity/pending-invite';
import type { CreditTransaction } from './transactions';
import { CreditSource } from './config';
import { isoWeekKey, localDateKey } from './dates';
import { accountRuntime } from '../store';

export function shareInvite(playerId: string | null, title: string, text: string): Promise<ShareOutcome> {
  return shareLink({ title, text, url: inviteLink(window.location.origin, playerId) });
}

/**
 * At the page's start, before the identity's init: keeps the address's
 * invite code. Returns what to call once the init has settled: the address
 * loses the code when it was used (or this browser had a player already).
 */
export function captureInvite(win: Window): () => void {
  const store = accountRuntime().deps.store;
  const code = readInviteCode(win.location.search);
  if (code) keepInvite(store, code);
  return () => {
    if (pendingInvite(store) !== null || readInviteCode(win.location.search) === null) return;
    // The router's history key stays: only the query changes.
    win.history.replaceState(win.history.state, '', addressWithoutInvite(win.location.href));
  };
}

/** Whether the server's history shows an invite credited in the visitor's current week (the weekly task is then done). */
export function invitedThisWeek(list: readonly CreditTransaction[], now: number): boolean {
  const week = isoWeekKey(localDateKey(now));
  return list.some((tx) => tx.kind === 'earn' && tx.source === CreditSource.inviteFriend && tx.at !== null && isoWeekKey(localDateKey(tx.at)) === week);
}
