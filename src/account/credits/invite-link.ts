// The invite link of the weekly invite task: the app's address with the
// player's id in ?invite= (a parameter the router keeps, src/router/config.ts).

import { creditsConfig } from './config';

export function inviteLink(origin: string, playerId: string | null): string {
  const url = new URL('/', origin);
  if (playerId) url.searchParams.set(creditsConfig.inviteParam, playerId);
  return url.toString();
}
