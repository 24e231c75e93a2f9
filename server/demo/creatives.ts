// The ad creatives: each is encoded once, in its own format (config.ts
// adFormat), and spliced into the videos' breaks (videos.ts) by the playlists.

import type { AdCreative } from './types';

export const demoCreatives: readonly AdCreative[] = [
  { id: 'bars', look: 'bars', seconds: 15, segmentSeconds: 5, label: 'PUBLICIDADE' },
  { id: 'promo', look: 'promo', seconds: 10, segmentSeconds: 5, label: 'PROMO' },
  { id: 'spot', look: 'spot', seconds: 12, segmentSeconds: 4, label: 'PATROCINIO' },
  // The feed's own video ad (server/services/app-config.ts): spliced into no video, so a preloaded feed ad
  // is never mistaken for a spliced ad segment (the e2e checks clips against those).
  { id: 'partner', look: 'promo', seconds: 8, segmentSeconds: 4, label: 'PARCEIRO' },
];
