// The shapes of a demo plan (plan.ts holds the default one) and of what is
// derived from it, shared by the modules that read a plan: they name these
// types here rather than each other's, so no import runs in a circle.

import type { LocalizedText } from '../services/localized-text';
import type { RenditionName } from './config';

/** Looks of the base sources (see looks.ts). */
export type BaseLook = 'grid' | 'life' | 'cells' | 'spectrum' | 'fractal' | 'patterns' | 'counter' | 'ramps';
export interface DemoSeries {
  slug: string;
  /** The plan video every episode plays. */
  of: string;
  episodes: number;
  typeId: number;
}

/** Looks of the ad creatives (see looks.ts). */
export type AdLook = 'bars' | 'promo' | 'spot';

export interface BaseSource {
  id: string;
  look: BaseLook;
  /** Length in seconds; a multiple of the segment length keeps every segment whole. */
  seconds: number;
  /** Content tone (Hz), quiet and beeping, so a film never sounds like an ad's 1 kHz tone. */
  toneHz: number;
  /** Burned in at the top left (ASCII letters, digits and spaces). */
  title: string;
  renditions: readonly RenditionName[];
  /**
   * AES-128 under a key tag without an IV, so players take each segment's IV
   * from its media sequence number: encoded for the one video that plays it,
   * numbered as that video's playlist numbers it (encrypted.ts).
   */
  encrypted?: boolean;
  /**
   * Ads encoded into the base's own directory, cut and named like its film (same-look.ts): only their media
   * tells them apart. Such a base is encoded for the one video that plays it, whole.
   */
  sameLook?: SameLookBreaks;
}

/** How a same-look ad's encode differs from its film's (config.ts sameLookAds). */
export type SameLookKind = 'resolution' | 'audio' | 'encoder';

export interface SameLookAd {
  /** Seconds into the film (a multiple of the segment length; 0 is a pre-roll). */
  at: number;
  /** A multiple of the segment length: the ad's segments last as long as the film's. */
  seconds: number;
  kind: SameLookKind;
  look: AdLook;
  /** Burned in under the big 'AD' (ASCII letters, digits and spaces). */
  label: string;
}

export interface SameLookBreaks {
  /** DISCONTINUITY tags around each ad; without them (as some real sources) the playlist text shows nothing at all. */
  discontinuities: boolean;
  ads: readonly SameLookAd[];
}

export interface AdCreative {
  id: string;
  look: AdLook;
  seconds: number;
  segmentSeconds: number;
  /** Burned in under the big 'AD' (ASCII letters, digits and spaces). */
  label: string;
}

/** 'pre', 'post', or seconds into the content (rounded to a segment boundary). */
export type BreakAt = 'pre' | 'post' | number;

export interface AdBreak {
  at: BreakAt;
  /** Creatives played back to back in this break. */
  creatives: readonly string[];
}

export interface VideoNames {
  /** vod_name (MacCMS's own language). */
  zh: string;
  pt: string;
  en: string;
  ja: string;
  ko: string;
}

export interface DemoVideo {
  slug: string;
  typeId: number;
  base: string;
  /** Where the slice starts in the base, seconds (a multiple of the segment length). */
  startSeconds: number;
  /** Content length without ads, seconds (a multiple of the segment length). */
  seconds: number;
  /** A master playlist over every rendition of the base, instead of one media playlist. */
  master: boolean;
  ads: readonly AdBreak[];
  names: VideoNames;
  /** vod_content, in Portuguese (the build's language). */
  description: string;
  year: string;
  area: string;
}

export interface DemoCategory {
  typeId: number;
  /** The category's name in each interface language: zh is also type_name (MacCMS's own language), en type_en. */
  names: LocalizedText;
  sort: number;
}

export interface DemoPlan {
  bases: readonly BaseSource[];
  creatives: readonly AdCreative[];
  /** A catalogue-only series: episodes that play one plan video's media (catalogue.ts). */
  series?: DemoSeries;
  categories: readonly DemoCategory[];
  videos: readonly DemoVideo[];
}

/** A stretch of the film between mid-rolls, as one ffmpeg output (encrypted.ts cuts it, encode.ts encodes it). */
export interface FilmPart {
  /** Where it starts in the base, seconds. */
  fromSeconds: number;
  seconds: number;
  /** Its first segment's media sequence number in the video's playlist: the IV ffmpeg encrypts it under. */
  firstSequence: number;
}
