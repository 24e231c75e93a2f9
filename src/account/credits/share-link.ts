// The link of the share task: the video on screen (the feed's current video,
// or the video of a detail or play page) as a clean address of this app,
// without the sharer's own tracking parameters; the sharer's player id rides
// along as an invite, so a friend who joins from a shared video counts for
// the weekly invite task. No video on screen: the app's home.

import { Page, ParamName } from '../../router/pages';
import type { Route } from '../../router/route-params';
import { creditsConfig } from './config';

function videoParams(route: Route): [string, string][] | null {
  const { page, params } = route;
  if (page === Page.Douyin && params.i) return [[ParamName.I, params.i]];
  if ((page === Page.VideoDetail || page === Page.VideoPlay) && params.vid !== undefined) {
    const id = String(params.vid);
    return [
      [ParamName.Vid, id],
      [ParamName.I, id],
    ];
  }
  return null;
}

export function videoShareLink(origin: string, route: Route, playerId: string | null): string {
  const url = new URL('/', origin);
  const video = videoParams(route);
  if (video) {
    url.searchParams.set('n', route.page === Page.Douyin ? Page.Douyin : Page.VideoDetail);
    for (const [name, value] of video) url.searchParams.set(name, value);
  }
  if (playerId) url.searchParams.set(creditsConfig.inviteParam, playerId);
  return url.toString();
}
