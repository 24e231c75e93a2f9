// The app's run-time configuration (ARCHITECTURE "Configuration"): feature
// flags, the feed's ad items (spec 1 §3 ad item, §4 "Ads in the feed") and the
// browsing pages' slot ads (spec 2 §3 ad item), their texts per interface
// language (localized-text.ts), in one place instead of scattered checks.
// The flags' defaults are here; the ads' defaults are handed in (the demo's,
// server/demo/defaults.ts, by app.ts). A JSON file DATA_DIR/app-config.json overrides them and is
// validated at start, so a bad file stops the server with a message naming
// each bad field.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { localizedTextSchema } from './localized-text';

export const appConfigFile = 'app-config.json';

const httpOrRoot = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), { message: 'must be an http(s) URL or a path starting with /' });

const adItemSchema = z
  .object({
    id: z.string().trim().regex(/^ad_[\w-]{1,60}$/, "must start with 'ad_' (letters, digits, _ and - after it)"),
    isAd: z.literal(true).default(true),
    adType: z.enum(['video', 'image']),
    videoUrl: httpOrRoot.refine((v) => v.toLowerCase().includes('m3u8'), { message: 'must be an m3u8 playlist' }).optional(),
    adImageUrl: httpOrRoot.optional(),
    adUrl: z.string().trim().refine((v) => v === 'sso:win667' || /^https?:\/\/[^\s]+$/i.test(v), { message: "must be 'sso:win667' or an http(s) link" }),
    // Per language (a plain string: every language), so an ad speaks the visitor's language (issue 16).
    adButtonText: localizedTextSchema(40),
    title: localizedTextSchema(120),
  })
  .refine((ad) => (ad.adType === 'video' ? ad.videoUrl !== undefined : ad.adImageUrl !== undefined), {
    message: 'a video ad needs videoUrl, an image ad needs adImageUrl',
  });
export type AdItem = z.output<typeof adItemSchema>;

const flagsSchema = z.object({
  promotionTab: z.boolean(),
  ssoTab: z.boolean(),
  promotionBadge: z.boolean(),
  analytics: z.boolean(),
  creditsDisplay: z.boolean(),
  versionB: z.boolean(),
  useAlternativeEndpoint: z.boolean(),
});
export type FeatureFlags = z.output<typeof flagsSchema>;

/** The places an ad can fill: the browsing pages (spec 2 §2.3, §2.4) and the feed's full-video modal footer (spec 3 §2). */
export const slotIds = [
  'search-bar-bottom',
  'category-header',
  'category-section-end',
  'pagination-top',
  'video-card-ad',
  'header-bar-bottom',
  'plot-section-top',
  'video-detail-bottom',
  'full-video-footer',
] as const;
export type SlotId = (typeof slotIds)[number];

/** Ad item of spec 2 §3: enabled, type (image or text), image, title, url. */
const slotAdSchema = z
  .object({
    enabled: z.boolean().default(true),
    type: z.enum(['image', 'text']),
    image: httpOrRoot.optional(),
    title: localizedTextSchema(120),
    url: z.string().trim().refine((v) => v === 'sso:win667' || /^https?:\/\/[^\s]+$/i.test(v), { message: "must be 'sso:win667' or an http(s) link" }),
  })
  .strict()
  .refine((ad) => ad.type === 'text' || ad.image !== undefined, { message: 'an image ad needs image' });
export type SlotAd = z.output<typeof slotAdSchema>;
export type SlotAds = Partial<Record<SlotId, SlotAd>>;

const slotAdsSchema = z.partialRecord(z.enum(slotIds), slotAdSchema);

/** The file may set any subset of flags and replace the ad list and the slot ads. */
export const appConfigFileSchema = z
  .object({
    flags: flagsSchema.partial().strict().optional(),
    feedAds: z.array(adItemSchema).max(20).optional(),
    slotAds: slotAdsSchema.optional(),
  })
  .strict();

export interface AppConfig {
  flags: FeatureFlags;
  feedAds: AdItem[];
  slotAds: SlotAds;
}

/** The ads a server shows until the file replaces them. */
export type AppConfigDefaults = Pick<AppConfig, 'feedAds' | 'slotAds'>;

export const defaultFlags: FeatureFlags = {
  promotionTab: true, // the promotion page is part of the demo
  ssoTab: true, // the sign-on tab leads to the built-in demo partner
  promotionBadge: false, // no badge until there is news to flag
  analytics: true, // first-party and anonymous: page views and clip starts in our own database (server/services/analytics/)
  creditsDisplay: true, // show the points balance in the top bar (spec 2 enableCreditsDisplay)
  versionB: false, // experiment flag off by default
  useAlternativeEndpoint: false, // the browsing pages read the MacCMS answers; on: the v2 catalogue endpoints (spec 2 §7)
};

export type AppConfigResult = { ok: true; config: AppConfig } | { ok: false; message: string };

/** The defaults (the flags', and the ads handed in), overridden by DATA_DIR/app-config.json when present. */
export function loadAppConfig(dataDir: string, defaults: AppConfigDefaults): AppConfigResult {
  const file = path.join(dataDir, appConfigFile);
  const base: AppConfig = { flags: { ...defaultFlags }, feedAds: [...defaults.feedAds], slotAds: { ...defaults.slotAds } };
  if (!existsSync(file)) return { ok: true, config: base };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { ok: false, message: `${file} is not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  const parsed = appConfigFileSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    return { ok: false, message: `Invalid ${file}:\n${lines.join('\n')}` };
  }
  return {
    ok: true,
    config: { flags: { ...base.flags, ...parsed.data.flags }, feedAds: parsed.data.feedAds ?? base.feedAds, slotAds: parsed.data.slotAds ?? base.slotAds },
  };
}

/** Root-relative media paths made absolute under PUBLIC_URL when it is set (as clip playlists are). */
function publicAds(ads: readonly AdItem[], publicUrl: string | undefined): AdItem[] {
  if (!publicUrl) return [...ads];
  const origin = publicUrl.replace(/\/+$/, '');
  const abs = (v: string | undefined) => (v && v.startsWith('/') ? `${origin}${v}` : v);
  return ads.map((ad) => ({ ...ad, videoUrl: abs(ad.videoUrl), adImageUrl: abs(ad.adImageUrl) }));
}

/** Slot ad images made absolute under PUBLIC_URL when it is set, as publicAds does. */
export function publicSlotAds(ads: SlotAds, publicUrl: string | undefined): SlotAds {
  if (!publicUrl) return { ...ads };
  const origin = publicUrl.replace(/\/+$/, '');
  const out: SlotAds = {};
  for (const [slot, ad] of Object.entries(ads) as [SlotId, SlotAd][]) out[slot] = ad.image?.startsWith('/') ? { ...ad, image: `${origin}${ad.image}` } : { ...ad };
  return out;
}

/** What the page reads (GET /api/v1/app/config, and the same answer embedded in the page GET / sends). */
export interface AppConfigAnswer {
  flags: FeatureFlags;
  feedAds: AdItem[];
  partnerPointsRequired: number;
  slotAds: SlotAds;
}

/** The page's view of the app config: media addresses made public, and the points the partner site needs. */
export function appConfigAnswer(config: AppConfig, publicUrl: string | undefined, partnerPointsRequired: number): AppConfigAnswer {
  return { flags: config.flags, feedAds: publicAds(config.feedAds, publicUrl), partnerPointsRequired, slotAds: publicSlotAds(config.slotAds, publicUrl) };
}
