// The page shown when the address has no valid n (spec 1 §2, the 8 rules in
// order). Works on validated parameters: an invalid vid counts as absent.

import type { Page } from './pages';
import type { RouteParams } from './route-params';

export function inferPage(p: RouteParams): Page {
  if (p.vid !== undefined && (p.route !== undefined || p.episode !== undefined)) return 'video-play';
  if (p.vid !== undefined) return 'video-detail';
  if (p.q !== undefined) return 'search';
  if (p.c !== undefined) return 'category';
  if (p.tab !== undefined) return 'navigation';
  if (p.i !== undefined) return 'douyin'; // vid is absent here (rules 1-2)
  if (p.pg !== undefined) return 'discover'; // q and c are absent here (rules 3-4)
  return 'douyin';
}
