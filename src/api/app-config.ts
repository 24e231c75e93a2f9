// Client of GET /api/v1/app/config: feature flags, feed ad items, points
// needed for the partner site, and the slot ads of the browsing pages. The page must work without it, so any
// failure gives the built-in defaults (all optional features off, no ads).
// Ad texts come per interface language (localized-text.ts); the page picks the
// visitor's while rendering.

import * as z from 'zod/mini';
import { requestTimeoutMs } from './request-timeout';
import { apiConfig } from './config';
import { requestJson } from './http';
import { localizedTextSchema, type LocalizedText } from './localized-text';

/** An ad's link that means "sign on to the partner" rather than a web address (spec 2 §4). */
export const SSO_AD_URL = 'sso:win667';

/** A feed ad as the server's app config gives it (the feed places it between videos).*/
export interface FeedAdItem {
  /** Always starts with 'ad_'. */
  id: string;
  isAd: true;
  adType: 'video' | 'image';
  videoUrl?: string;
  adImageUrl?: string;
  /** 'sso:win667' (sign-on redirect) or a web link. */
  adUrl: string;
  /** {} when the ad gives none (the feed's own 'play now' shows). */
  adButtonText: LocalizedText;
  title: LocalizedText;
}

export interface FeatureFlags {
  promotionTab: boolean;
  ssoTab: boolean;
  promotionBadge: boolean;
  analytics: boolean;
  creditsDisplay: boolean;
  versionB: boolean;
  /** The browsing pages' catalogue calls go to the v2 endpoints instead of MacCMS's (spec 2 §7). */
  useAlternativeEndpoint: boolean;
}

/** The places of the browsing pages an ad can fill (spec 2 §2.3, §2.4). */
export const AdSlotId = {
  SearchBarBottom: 'search-bar-bottom',
  CategoryHeader: 'category-header',
  CategorySectionEnd: 'category-section-end',
  PaginationTop: 'pagination-top',
  VideoCardAd: 'video-card-ad',
  HeaderBarBottom: 'header-bar-bottom',
  PlotSectionTop: 'plot-section-top',
  VideoDetailBottom: 'video-detail-bottom',
  FullVideoFooter: 'full-video-footer', // the feed's full-video modal (spec 3 §2 "footer ad slot")
} as const;
export type AdSlotId = (typeof AdSlotId)[keyof typeof AdSlotId];

const SLOT_IDS: readonly string[] = Object.values(AdSlotId);

/** A slot ad (spec 2 §3 ad item); disabled ones are left out when parsed. */
export interface SlotAd {
  type: 'image' | 'text';
  /** Absolute http(s) image address; absent (or failing) shows the icon. */
  image?: string;
  title: LocalizedText;
  /** 'sso:win667' or an http(s) link. */
  url: string;
}

export type SlotAds = Partial<Record<AdSlotId, SlotAd>>;

export interface AppConfig {
  flags: FeatureFlags;
  feedAds: FeedAdItem[];
  slotAds: SlotAds;
  partnerPointsRequired: number;
  /** false when the defaults are in use because the call failed. */
  fromServer: boolean;
}

export const defaultAppConfig: AppConfig = {
  flags: { promotionTab: false, ssoTab: false, promotionBadge: false, analytics: false, creditsDisplay: false, versionB: false, useAlternativeEndpoint: false },
  feedAds: [],
  slotAds: {},
  partnerPointsRequired: 1000, // points needed for the partner site (spec 1 §1)
  fromServer: false,
};

const flag = z.catch(z.boolean(), false);

const answerSchema = z.object({
  flags: z.catch(
    z.object({ promotionTab: flag, ssoTab: flag, promotionBadge: flag, analytics: flag, creditsDisplay: flag, versionB: flag, useAlternativeEndpoint: flag }),
    defaultAppConfig.flags,
  ),
  feedAds: z.catch(z.array(z.unknown()), []),
  slotAds: z.catch(z.record(z.string(), z.unknown()), {}),
  partnerPointsRequired: z.catch(z.number().check(z.int(), z.positive()), defaultAppConfig.partnerPointsRequired),
});

const adSchema = z.object({
  id: z.string().check(z.regex(/^ad_/)),
  adType: z.enum(['video', 'image']),
  videoUrl: z.optional(z.string()),
  adImageUrl: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
  adUrl: z.string(),
  adButtonText: z.catch(localizedTextSchema, {}),
  title: z.catch(localizedTextSchema, {}),
});

/** An absolute http(s) address, resolving root-relative ones against `base`; anything else is undefined. */
function absolute(value: string | undefined, base: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Ad items the feed can show: a video ad needs an m3u8 address, an image ad an image. */
export function parseAds(raw: readonly unknown[], base: string): FeedAdItem[] {
  const out: FeedAdItem[] = [];
  for (const item of raw) {
    const r = adSchema.safeParse(item);
    if (!r.success) continue;
    const a = r.data;
    const videoUrl = absolute(a.videoUrl, base);
    const adImageUrl = absolute(a.adImageUrl ?? a.imageUrl, base);
    if (a.adType === 'video' && !(videoUrl && videoUrl.toLowerCase().includes('m3u8'))) continue;
    if (a.adType === 'image' && !adImageUrl) continue;
    out.push({ id: a.id, isAd: true, adType: a.adType, videoUrl, adImageUrl, adUrl: a.adUrl.trim(), adButtonText: a.adButtonText, title: a.title });
  }
  return out;
}

const slotAdSchema = z.object({
  enabled: z.catch(z.boolean(), false),
  type: z.enum(['image', 'text']),
  image: z.optional(z.string()),
  title: localizedTextSchema,
  url: z.string().check(z.trim()),
});

/** Enabled slot ads for the known slots with a usable link; anything else is left out. */
export function parseSlotAds(raw: Readonly<Record<string, unknown>>, base: string): SlotAds {
  const out: SlotAds = {};
  for (const [slot, item] of Object.entries(raw)) {
    if (!SLOT_IDS.includes(slot)) continue;
    const r = slotAdSchema.safeParse(item);
    if (!r.success || !r.data.enabled) continue;
    const { type, title, url } = r.data;
    if (url !== SSO_AD_URL && !/^https?:\/\/\S+$/i.test(url)) continue;
    out[slot as AdSlotId] = { type, title, url, ...(type === 'image' ? { image: absolute(r.data.image, base) } : {}) };
  }
  return out;
}

export interface AppConfigOptions {
  /** Origin of the API; '' = the page's own. */
  baseUrl?: string;
  signal?: AbortSignal;
}

/** The app config of an answer's JSON (fetched, embedded in the page, or remembered); null when it is not one. */
export function appConfigOf(value: unknown, base: string): AppConfig | null {
  const parsed = answerSchema.safeParse(value);
  if (!parsed.success) return null;
  return {
    flags: parsed.data.flags,
    feedAds: parseAds(parsed.data.feedAds, base),
    slotAds: parseSlotAds(parsed.data.slotAds, base),
    partnerPointsRequired: parsed.data.partnerPointsRequired,
    fromServer: true,
  };
}

/** The page's origin, against which root-relative ad addresses resolve when the API is the page's own. */
export function configBase(options: Pick<AppConfigOptions, 'baseUrl'> = {}): string {
  const base = (options.baseUrl ?? apiConfig.base).replace(/\/+$/, '');
  return base || (typeof location !== 'undefined' ? location.origin : 'http://localhost');
}

/** The answer's JSON as the server sent it, or null when the call failed. */
export async function fetchAppConfigAnswer(options: AppConfigOptions = {}): Promise<unknown> {
  const base = (options.baseUrl ?? apiConfig.base).replace(/\/+$/, '');
  const res = await requestJson(`${base}${apiConfig.appConfigPath}`, { timeoutMs: requestTimeoutMs(), signal: options.signal, cache: 'default' });
  return res.ok ? res.value : null;
}
