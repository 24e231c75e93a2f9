// The invite link of the weekly invite task: the app's address with the
// player's id in ?invite= (a parameter the router keeps across navigation,
// src/router/config.ts), and the reading of it on entry.

import { creditsConfig } from './config';

export function inviteLink(origin: string, playerId: string | null): string {
  const url = new URL('/', origin);
  if (playerId) url.searchParams.set(creditsConfig.inviteParam, playerId);
  return url.toString();
}

/** The invite code of an address's query ('?n=douyin&invite=P...'), or null. */
export function readInviteCode(search: string): string | null {
  const code = new URLSearchParams(search).get(creditsConfig.inviteParam)?.trim();
  return code ? code : null;
}

/** The same address without the invite (for history.replaceState once it is used). */
export function addressWithoutInvite(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(creditsConfig.inviteParam);
  return url.toString();
}
