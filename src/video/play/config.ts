// Constants of the video play page (spec 3 §2, §4, §9), one comment each.
// The player's own numbers live in src/player/config.ts; the page's back
// button and related grid share the detail page's (video-detail/config.ts).

export const playPageConfig = {
  hlsMode: 'play-page', // buffers of the play page: 60 s forward, 120 MB (spec 3 §9 "Play page" profile)
  engineContext: 'video-play-page', // the engine classifies for this page: full mode over 10 min (spec 3 §4)
} as const;
