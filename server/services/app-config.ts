// The app's run-time configuration (ARCHITECTURE "Configuration"): feature
// flags and the feed's ad items (spec 1 §3 ad item, §4 "Ads in the feed"),
// in one place instead of scattered checks. Defaults suit the demo; a JSON
// file DATA_DIR/app-config.json overrides them and is validated at start,
// so a bad file stops the server with a message naming each bad field.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { demoConfig } from '../demo/config';
import { demoPaths } from '../demo/encode';

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
    adButtonText: z.string().trim().min(1).max(40),
    title: z.string().trim().min(1).max(120),
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
});
export type FeatureFlags = z.output<typeof flagsSchema>;

/** The file may set any subset of flags and replace the ad list. */
export const appConfigFileSchema = z
  .object({
    flags: flagsSchema.partial().strict().optional(),
    feedAds: z.array(adItemSchema).max(20).optional(),
  })
  .strict();

export interface AppConfig {
  flags: FeatureFlags;
  feedAds: AdItem[];
}

export const defaultFlags: FeatureFlags = {
  promotionTab: true, // the promotion page is part of the demo
  ssoTab: true, // the sign-on tab leads to the built-in demo partner
  promotionBadge: false, // no badge until there is news to flag
  analytics: false, // nothing collects analytics in this build
  creditsDisplay: true, // show the points balance in the top bar (spec 2 enableCreditsDisplay)
  versionB: false, // experiment flag off by default
};

/** The demo's ads: an image (a demo poster) leading to sign-on, and a video (a demo ad creative). */
export function defaultFeedAds(): AdItem[] {
  const media = (...parts: string[]) => `${demoConfig.urlPath}/${parts.join('/')}`;
  return [
    {
      id: 'ad_partner_image',
      isAd: true,
      adType: 'image',
      adImageUrl: media(demoPaths.videoDir('grid-city'), demoPaths.poster),
      adUrl: 'sso:win667',
      adButtonText: 'Jogar agora',
      title: 'Seus pontos valem prêmios no parceiro',
    },
    {
      id: 'ad_promo_video',
      isAd: true,
      adType: 'video',
      videoUrl: media(demoPaths.adDir('promo'), demoPaths.playlist),
      adUrl: 'sso:win667',
      adButtonText: 'Jogar agora',
      title: 'Promoção do parceiro',
    },
  ];
}

export type AppConfigResult = { ok: true; config: AppConfig } | { ok: false; message: string };

/** Defaults, overridden by DATA_DIR/app-config.json when present. */
export function loadAppConfig(dataDir: string): AppConfigResult {
  const file = path.join(dataDir, appConfigFile);
  const base: AppConfig = { flags: { ...defaultFlags }, feedAds: defaultFeedAds() };
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
  return { ok: true, config: { flags: { ...base.flags, ...parsed.data.flags }, feedAds: parsed.data.feedAds ?? base.feedAds } };
}

/** Root-relative media paths made absolute under PUBLIC_URL when it is set (as clip playlists are). */
export function publicAds(ads: readonly AdItem[], publicUrl: string | undefined): AdItem[] {
  if (!publicUrl) return [...ads];
  const origin = publicUrl.replace(/\/+$/, '');
  const abs = (v: string | undefined) => (v && v.startsWith('/') ? `${origin}${v}` : v);
  return ads.map((ad) => ({ ...ad, videoUrl: abs(ad.videoUrl), adImageUrl: abs(ad.adImageUrl) }));
}
