// What the API shows of a player (spec 1 §3 player info). Internal columns
// (hashes, risk, fingerprints, address) never leave the server.

import type { PlayerRow } from './db-types';
import { win667Status, type Win667Status } from './win667-status';

export interface PlayerInfo {
  player_id: string;
  points: number;
  has_win667: boolean;
  win667_status: Win667Status;
  video_watch_count: number;
  current_progress: number;
  created_at: string;
  last_active_at: string;
}

export function playerInfo(p: PlayerRow, hasAccount: boolean, pointsRequired: number): PlayerInfo {
  return {
    player_id: p.playerId,
    points: p.points,
    has_win667: hasAccount,
    win667_status: win667Status(p.points, hasAccount, pointsRequired),
    video_watch_count: p.videoWatchCount,
    current_progress: p.currentProgress,
    created_at: p.createdAt.toISOString(),
    last_active_at: p.lastActiveAt.toISOString(),
  };
}
