// Every engine constant of the spec (docs 1 and 3), with the spec's value and a
// one-line comment. No other file under workers/ holds a magic number.

export const clipConfig = {
  targetSeconds: 45, // clip target length ~45 s (spec 3 §9)
  minSeconds: 30, // clip length lower clamp (spec 3 §9)
  maxSeconds: 75, // clip length upper clamp (spec 3 §9)
  minSegments: 3, // at least 3 consecutive segments (spec 3 §9)
  maxSegments: 8, // at most 8 consecutive segments (spec 3 §9)
  midWindowProbability: 0.7, // 70% of the time the start falls in the 30-70% window (spec 3 §9)
  midWindowStart: 0.3, // window start as a fraction of the video (spec 3 §9)
  midWindowEnd: 0.7, // window end as a fraction of the video (spec 3 §9)
  cleanModeRandomProbability: 0.3, // clean mode picks a random start 30% of the time (spec 3 §9)
  specialSkipSeconds: 30, // special sources skip the first segments adding up to 30 s (spec 3 §9)
  specialSkipMaxFraction: 0.5, // ...capped at half of all segments (spec 3 §9)
  randomStartOffsets: 3, // otherwise a random start within the first 3 possible offsets (spec 3 §9)
  clipEndGraceSeconds: 0.5, // the clip stops at clip end + 0.5 s (spec 3 §4)
} as const;

/** Fallback clips (spec 3 §9). The spec's "reliable" clip (0-30 s, no indexes) is the default one: no second copy. */
export const fallbackClips = {
  default: { start: 0, end: 30, clipStartIdx: 0, clipEndIdx: 10 }, // default: 0-30 s, segments 0-10
  emergency: { start: 0, end: 60, clipStartIdx: 0, clipEndIdx: 20 }, // emergency: 0-60 s, segments 0-20
} as const;

export const videoTypeConfig = {
  fullMinSeconds: 30 * 60, // over 30 min -> full mode, no processing (spec 3 §4)
  fullMinSegments: 2000, // or over 2000 segments -> full mode (spec 3 §4)
  seekMinSeconds: 5 * 60, // over 5 min -> seek mode with full ad processing (spec 3 §4)
  seekMinSegments: 500, // or over 500 segments -> seek mode (spec 3 §4)
  seekMaxSegments: 1000, // seek mode processes at most 1000 segments (spec 3 §4)
  playPageFullMinSeconds: 10 * 60, // video-play page: full mode over 10 min (spec 3 §4)
} as const;

export const adConfig = {
  shortBlockSeconds: 30, // an ad group is shorter than 30 s... (spec 3 §5)
  mainBlockFraction: 1 / 3, // ...or under a third of the main group (spec 3 §5)
  mergeGapSeconds: 2, // ad intervals closer than 2 s are merged (spec 3 §5)
  legacySkipSeconds: 30, // the older ad-source skip is the first 30 s (spec 3 §5)
  strictConfidenceMin: 0.7, // strict confidence lower bound (spec 3 §5)
  strictConfidenceMax: 0.8, // strict confidence upper bound (spec 3 §5)
  maxDetectedAdSegments: 20, // stream-analysis variant: max 20 detected ad segments (spec 3 §9)
  maxAdSegmentDetection: 100, // pool variant: maxAdSegmentDetection 100 (spec 3 §9)
  autoSeekBufferPool: 1.2, // pool variant auto-seek buffer, seconds (spec 3 §9)
  autoSeekBufferStream: 0.5, // stream-analysis variant auto-seek buffer, seconds (spec 3 §9)
  adSources: ['sym3u8', '155m3u8', 'yun3u8'], // vod_play_from values with embedded ads (spec 3 §3)
  specialSources: ['wjm3u8', 'lemutv', 'zkm3u8', 'leshi', 'qiyi'], // sources needing special handling (spec 3 §3)
  // Detector tuning (ours, not the spec's): evidence weights and limits, see workers/core/ads/detect.ts.
  markedFraction: 0.5, // a block at least half covered by CUE/DATERANGE ad markers is an ad
  strongConfidence: 0.95, // confidence of a decision on strong evidence (markers, clear-in-encrypted, repeated URIs)
  moderateWeight: 1, // dir/name-pattern/sequence/signature/init changes
  hostChangeWeight: 1.5, // another host is another directory too, and more: ads are often served by ad networks
  markerMaxSeconds: 300, // ad markers over a longer block are not trusted (a CUE-OUT left open would swallow the film)
  weakWeight: 0.5, // query-shape, URI-form, duration-profile changes and ad-carrying sources
  shortScoreNeeded: 1, // evidence needed to call a block under 30 s an ad
  strangerScoreNeeded: 1.5, // evidence needed to call a block up to adBlockMaxSeconds from no encode of the film an ad
  thirdScoreNeeded: 2, // evidence needed to call a longer block under a third of the main block an ad
  thirdRuleMaxSeconds: 120, // above this, only strong evidence makes a block an ad (stitched content parts)
  durationMismatch: 0.35, // relative difference of median segment durations that counts as a mismatch
  signaturePrecision: 100, // durations rounded to 1/100 s when comparing block signatures
  regularShare: 0.6, // content is 'cut regularly' when this share of its segments has one duration
  sharedPrefixShare: 0.5, // a file-name prefix shared by this share of the content is the content's prefix
  chainMaxBlocks: 2000, // numbering chain is computed up to this many numbered blocks (quadratic)
  ownEncodeMinSeconds: 120, // pieces of one numbered encode adding up to this long are film, not ads
  seqMaxJumpFactor: 20, // numbering may jump (cut-out ads leave holes) by at most 20x the segment count within content
  seqOutlierFactor: 10, // a chain end whose jump exceeds 10x (the rest's numbering span + segment count) is another encode
  churnLimit: 0.2, // a kind of change (directory, name stem, name length) between more than 20% of neighbours does not cut blocks
  denseDiscShare: 0.1, // discontinuities with no other change before more than 10% of segments do not cut blocks...
  denseDiscMin: 10, // ...when there are at least 10 of them (a few pods in a short playlist are not a habit)
  sampleSize: 16, // long blocks are described through 16 evenly sampled segments
  adBlockMaxSeconds: 75, // longest block removed on directory/name evidence alone: pods run 5-60 s, stitched parts 90 s and more
  filmEncodeMinSeconds: 180, // an encode whose blocks add up to 3 min is film (a part chopped by ads), not ad pods
  deepCutMinSeq: 60, // a numbered block from another directory starting at or past this number is a cut (recap) of a long encode
  adPathWords: ['ad', 'ads', 'adv', 'advert', 'adverts', 'advertising', 'guanggao', 'adjump', 'commercial', 'commercials'], // directory names of ad stores
  adPathWeight: 1.5, // a directory named like an ad store weighs like another host
  loneSpliceMaxCount: 12, // a film with more short discontinuity runs than this tags discontinuities as a habit (an episode carries fewer ad breaks)
  loneSpliceMaxShare: 0.15, // ...or when short runs hold more than this share of its seconds
  kindsNeeded: 2, // independent kinds of evidence (location, naming, timing, container, placement) a block without strong evidence needs
  filmMinSeconds: 30, // a film look holding fewer seconds than this (an excerpt) does not decide what is film, unless numbering does
  mainOverJudged: 4, // ...unless the main block is at least this many times longer than the block judged
  filmShareMin: 0.6, // the film's look (directory + name template) must hold at least this share of the unmarked seconds, or nothing tells film from ad and only strong evidence removes
} as const;

export const fetchConfig = {
  fastAttemptMs: 3000, // playlist fast attempt timeout (spec 3 §7)
  fallbackAttemptMs: 8000, // fallback attempt without cache (spec 3 §7)
  segmentTimeoutMs: 15000, // segment requests (spec 3 §7)
  playlistAccept: 'application/vnd.apple.mpegurl, application/x-mpegurl, audio/mpegurl, */*;q=0.8', // Accept for playlists (spec 3 §7)
} as const;

export const cacheConfig = {
  segmentSelectionTtlMs: 30_000, // segment-selection cache 30 s (spec 3 §9)
  preparedClipTtlMs: 5 * 60_000, // prepared clips 5 min (spec 1 §9 preload cache)
  preparedClipMax: 3, // at most 3 prepared clips (spec 1 §9)
} as const;

export const variantConfig = {
  // Preference lists by network class (spec 3 §5).
  preferences: {
    fast: ['1080', '720', 'hd'],
    medium: ['720', '480', 'hd'],
    slow: ['480', '360'],
  },
  middlePickMaxStreams: 3, // up to 3 streams sorted by bandwidth -> the middle one; more -> second lowest (spec 3 §5)
} as const;

export const urlConfig = {
  maxDecodePasses: 3, // decode percent-encoding up to 3 times (spec 3 §5)
  keptLeadingParts: 3, // the first three parts (scheme, '', host) are left alone (spec 3 §5)
  simplifiedPlaylistName: 'index.m3u8', // an address that 404s is tried once more with this playlist name (spec 3 §8)
  imageExtensions: ['jpg', 'jpeg', 'png', 'webp', 'gif', 'bmp'], // rejected as play addresses (spec 1 §5)
  qualityPreference: ['1080', '720', 'hd', 'high'], // quality preference order (spec 1 §5)
  sourceSeparator: '$$$', // sources separator in vod_play_url (spec 3 §3)
  routeSeparator: '#', // routes separator (spec 3 §3)
  nameSeparator: '$', // name$url separator (spec 3 §3)
  defaultRouteName: 'online play', // missing name (spec 3 §3); the UI translates it
  lineNamePrefix: 'Line', // unnamed routes in multi-source lists are "Line N" (spec 3 §3)
  addressFields: ['m3u8_url', 'short_m3u8_url', 'url', 'vod_play_url', 'src', 'playUrl'], // a catalogue item's play address: the first valid of these, in order (spec 1 §3, §5)
  shortFields: ['short_m3u8_url', 'm3u8_url'], // ...and its short-clip address (spec 1 §5)
} as const;

/** Device class and its quality cap (spec 1 §9); page and worker classify alike (device-class.ts). */
export const deviceConfig = {
  lowMemoryGb: 3, // low performance: memory below 3 GB (spec 1 §9); also the low-memory buffer profile (spec 3 §9)
  minCores: 4, // ...or fewer than 4 cores (spec 1 §9)
  minIosMajor: 13, // ...or iOS below 13 (spec 1 §9)
  minAndroidMajor: 7, // ...or Android below 7 (spec 1 §9)
  lowPerformanceQuality: 480, // device quality: 480p for low performance (spec 1 §9)
  mobileQuality: 720, // 720p for mobile (spec 1 §9)
  desktopQuality: 1080, // 1080p otherwise (spec 1 §9)
} as const;

export const engineCacheConfig = {
  mediaPlaylistMax: 8, // parsed media playlists kept for the 30 s segment-selection cache (ours, not the spec's)
} as const;

/** Both of the spec's network tables (spec 1 §9; network-class.ts names what each decides). */
export const networkConfig = {
  fastDownlinkMbps: 10, // speed check: fast above 10 Mbps (spec 1 §9)
  mediumDownlinkMbps: 2, // speed check: medium above 2 Mbps, else slow (spec 1 §9)
  downlinkFastMbps: 5, // second classification by downlink: above 5 Mbps fast (spec 1 §9)
  downlinkMediumMbps: 1, // second classification: above 1 Mbps medium, else slow (spec 1 §9)
  fastRttMs: 100, // by latency: below 100 ms is fast (spec 1 §9)
  mediumRttMs: 500, // by latency: below 500 ms is medium, else slow (spec 1 §9)
  slowEffectiveTypes: ['slow-2g', '2g', '3g'], // slow networks are 2g, slow-2g and 3g (spec 3 §9)
  defaultClass: 'medium', // nothing measured -> medium (ours, not the spec's)
} as const;

/** Save-Data (issue 17 "Bytes"): what the visitor's data-saving wish changes (connection-plan.ts). */
export const saveDataConfig = {
  preloadItems: 1, // items preloaded ahead with Save-Data on, whatever the network (issue 17)
  serverTimingName: 'save-data', // the page's Server-Timing entry by which the server says it saw `Save-Data: on`
} as const;
