// Shared data shapes of the pure engine. Everything here is plain data so it
// can cross a worker boundary by structured clone (no classes, no functions).

/** Error codes produced by the engine. `as const` object + same-named type (STYLE.md item 6). */
export const EngineErrorCode = {
  EmptyInput: 'EMPTY_INPUT',
  MissingHeader: 'MISSING_HEADER',
  NoSegments: 'NO_SEGMENTS',
  MissingSegmentUri: 'MISSING_SEGMENT_URI',
  BadDuration: 'BAD_DURATION',
  UriWithoutExtinf: 'URI_WITHOUT_EXTINF',
  BadAttribute: 'BAD_ATTRIBUTE',
  BadUri: 'BAD_URI',
  NoVariants: 'NO_VARIANTS',
  InvalidClipRange: 'INVALID_CLIP_RANGE',
  CleanSanityFailed: 'CLEAN_SANITY_FAILED',
  InvalidPlayUrl: 'INVALID_PLAY_URL',
  InvalidVideoId: 'INVALID_VIDEO_ID',
  NoPlayableSource: 'NO_PLAYABLE_SOURCE',
  Http: 'HTTP_ERROR',
  Timeout: 'TIMEOUT',
  Network: 'NETWORK_ERROR',
  Aborted: 'ABORTED',
} as const;
export type EngineErrorCode = (typeof EngineErrorCode)[keyof typeof EngineErrorCode];

/** Errors that cross a boundary are data (STYLE.md item 5). */
export interface EngineError {
  code: EngineErrorCode;
  message: string;
  retryable: boolean;
  /** 1-based line in the playlist text, when the error is tied to one. */
  line?: number;
  /** The HTTP status of an HTTP_ERROR. */
  status?: number;
}

/** A result that never throws: either a value or a typed error. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: EngineError };

/** #EXT-X-KEY state. `method` NONE means clear segments. */
export interface KeyInfo {
  method: string;
  /** Absolute key URI (resolved against the playlist URL). */
  uri?: string;
  iv?: string;
  keyFormat?: string;
  keyFormatVersions?: string;
}

/** The KEYFORMAT a key without one has (RFC 8216 §4.3.2.4). */
export const IDENTITY_KEYFORMAT = 'identity';

/** #EXT-X-MAP state (fMP4 / init segment). */
export interface MapInfo {
  /** Absolute URI of the init segment. */
  uri: string;
  byteRange?: string;
  /** The tag line as written, when its attribute list is malformed (an unbalanced quote): written back unchanged. */
  raw?: string;
}

/** An ad marker seen on or before a segment. */
export type AdMarkerKind = 'cue-out' | 'cue-in' | 'cue-cont' | 'daterange-ad';

export interface Segment {
  /** 0-based index among media segments (segments with a URI), in playlist order. */
  index: number;
  /** EXTINF duration in seconds (>= 0, finite). */
  duration: number;
  /** Start time in seconds from the beginning of the playlist. */
  start: number;
  /** URI as written in the playlist. */
  uri: string;
  /** Absolute URL (resolved against the playlist URL, query string kept). */
  url: string;
  /** EXTINF title (text after the comma), often empty. */
  title: string;
  /** The original #EXTINF line, written back verbatim (number formatting is the costly part of writing). */
  extinf?: string;
  /** A #EXT-X-DISCONTINUITY precedes this segment. */
  discontinuity: boolean;
  /**
   * Keys in effect for this segment, one per KEYFORMAT (FairPlay, Widevine and
   * PlayReady keys apply together); empty = clear (never set, or METHOD=NONE).
   */
  keys: readonly KeyInfo[];
  /** Effective init segment (null = none). */
  map: MapInfo | null;
  /** Explicit byte range `length@offset` (offset always filled in by the parser). */
  byteRange?: string;
  /**
   * The #EXT-X-BYTERANGE value as written. Written back as it came while the segment
   * follows the same segment as before: an offset-less range after another resource, or
   * a malformed one, is read differently by different players, and not ours to settle.
   */
  byteRangeText?: string;
  programDateTime?: string;
  /** Ad markers attached to this segment (CUE-OUT/IN, DATERANGE ad classes). */
  markers: AdMarkerKind[];
  /** Other tag lines directly before this segment, kept verbatim (unknown tags preserved). */
  tags: string[];
}

export interface DateRange {
  id: string;
  startDate: string;
  duration?: number;
  plannedDuration?: number;
  className?: string;
  /** SCTE35-OUT / interstitial class / X-AD style attributes mark an ad. */
  isAd: boolean;
  /** Raw attribute text. */
  raw: string;
}

export interface MediaPlaylist {
  kind: 'media';
  /** Absolute URL the playlist was loaded from (base for relative URIs). */
  url: string;
  /** Header tag lines (VERSION, TARGETDURATION, MEDIA-SEQUENCE, PLAYLIST-TYPE, unknown...), verbatim, without #EXTM3U. */
  header: string[];
  segments: Segment[];
  /** Tag lines after the last segment other than ENDLIST, verbatim. */
  trailer: string[];
  endList: boolean;
  targetDuration: number;
  version: number;
  mediaSequence: number;
  totalDuration: number;
  dateRanges: DateRange[];
}

export interface Variant {
  /** Absolute URL of the media playlist. */
  url: string;
  bandwidth: number;
  averageBandwidth?: number;
  width?: number;
  height?: number;
  codecs?: string;
  frameRate?: number;
  name?: string;
}

export interface MasterPlaylist {
  kind: 'master';
  url: string;
  variants: Variant[];
  /** EXT-X-DEFINE values of the multivariant playlist: its media playlists may IMPORT them. */
  variables?: Record<string, string>;
}

export type Playlist = MediaPlaylist | MasterPlaylist;

/** An ad interval in seconds; `index` is the first media segment index of the interval. */
export interface AdInterval {
  start: number;
  end: number;
  index: number;
}

export type NetworkClass = 'fast' | 'medium' | 'slow';

/** A source of uniform numbers in [0, 1). Pass a seeded one to make selection deterministic. */
export type RandomSource = () => number;

export type VideoKind = 'short-video' | 'full-video-modal' | 'video-play-page';
export type PlayMode = 'clip' | 'seek' | 'full';
export type AdProcessingLevel = 'none' | 'basic' | 'full';

/** Video-type descriptor (spec 3 §3). */
export interface VideoTypeDescriptor {
  type: VideoKind;
  mode: PlayMode;
  shouldProcess: boolean;
  maxSegments: number;
  adProcessingLevel: AdProcessingLevel;
}

export type FallbackKind = 'default' | 'emergency';

/**
 * A clip window. Seconds and indices are on the timeline of the clean (ad-free)
 * playlist: index i is the i-th kept segment, second 0 is its first kept segment.
 */
export interface ClipWindow {
  start: number;
  end: number;
  clipStartIdx: number;
  /** Inclusive index of the last segment of the clip. */
  clipEndIdx: number;
  contentDuration?: number;
  originalDuration?: number;
  /** Set when a fallback clip was used instead of a selected one. */
  fallback?: FallbackKind;
}

/** What the worker hands to the page for one feed item: strings and small plain objects only. */
export interface PreparedClip {
  /** Absolute URL of the media playlist the clip was cut from (after variant choice). */
  url: string;
  variant?: Variant;
  /** Playlist holding only the clip window (absolute URIs, KEY/MAP right). */
  clipPlaylist: string;
  /** Clean full playlist (ads removed), only when asked for (full/seek modes). */
  fullPlaylist?: string;
  clip: ClipWindow;
  /** Ad intervals on the ORIGINAL timeline (for ad-aware seeking when playing the original). */
  adIntervals: AdInterval[];
  videoType: VideoTypeDescriptor;
  segmentCount: number;
  adSegmentCount: number;
  warnings: EngineError[];
}
