// What the demo hands the server, so services never import demo/: the feed's
// and the browsing pages' ads, made of the demo's own media, and where those
// media are served. app.ts passes them on to the app-config plugin and the
// media routes.

import type { AdItem, AppConfigDefaults, SlotAd, SlotAds } from '../services/app-config';
import { demoConfig } from './config';
import { demoPaths } from './encode';

/** DATA_DIR/demo, served at /media/demo/. */
export const demoMedia = { dirName: demoConfig.dirName, urlPath: demoConfig.urlPath } as const;

const media = (...parts: string[]) => `${demoConfig.urlPath}/${parts.join('/')}`;

/** The demo's feed ads: an image (a demo poster) leading to sign-on, and a video (the demo's feed-only ad creative). */
export function demoFeedAds(): AdItem[] {
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
      videoUrl: media(demoPaths.adDir('partner'), demoPaths.playlist),
      adUrl: 'sso:win667',
      adButtonText: 'Jogar agora',
      title: 'Promoção do parceiro',
    },
  ];
}

/** The demo's slot ads: the partner ad of the feed, as pictures and as short text lines. */
export function demoSlotAds(): SlotAds {
  const poster = media(demoPaths.videoDir('grid-city'), demoPaths.poster);
  const image = (title: string): SlotAd => ({ enabled: true, type: 'image', image: poster, title, url: 'sso:win667' });
  const text = (title: string): SlotAd => ({ enabled: true, type: 'text', title, url: 'sso:win667' });
  return {
    'search-bar-bottom': text('Seus pontos valem prêmios no parceiro'),
    'category-header': text('Assista, ganhe pontos e jogue no parceiro'),
    'category-section-end': image('Seus pontos valem prêmios no parceiro'),
    'pagination-top': text('Promoção do parceiro: jogue agora'),
    'video-card-ad': image('Jogue agora no parceiro'),
    'header-bar-bottom': text('Seus pontos valem prêmios no parceiro'),
    'plot-section-top': text('Assista, ganhe pontos e jogue no parceiro'),
    'video-detail-bottom': image('Promoção do parceiro'),
    'full-video-footer': text('Assista, ganhe pontos e jogue no parceiro'),
  };
}

/** The app config's defaults when the demo is the content (what a fresh install shows). */
export function demoAppConfigDefaults(): AppConfigDefaults {
  return { feedAds: demoFeedAds(), slotAds: demoSlotAds() };
}
