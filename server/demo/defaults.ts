// What the demo hands the server, so services never import demo/: the feed's
// and the browsing pages' ads, made of the demo's own media, and where those
// media are served. app.ts passes them on to the app-config plugin and the
// media routes.

import type { AdItem, AppConfigDefaults, SlotAd, SlotAds } from '../services/app-config';
import type { LocalizedText } from '../services/localized-text';
import { demoConfig } from './config';
import { demoPaths } from './encode';

/** DATA_DIR/demo, served at /media/demo/. */
export const demoMedia = { dirName: demoConfig.dirName, urlPath: demoConfig.urlPath } as const;

const media = (...parts: string[]) => `${demoConfig.urlPath}/${parts.join('/')}`;

/** The demo's ad texts, written for each interface language (the visitor reads their own, issue 16). */
const texts = {
  playNow: { 'pt-BR': 'Jogar agora', zh: '立即游戏', en: 'Play now', ja: '今すぐプレイ', ko: '지금 플레이' },
  pointsWinPrizes: {
    'pt-BR': 'Seus pontos valem prêmios no parceiro',
    zh: '你的积分可以在合作网站换奖品',
    en: 'Your points win prizes at our partner',
    ja: 'ためたポイントはパートナーサイトで賞品に',
    ko: '모은 포인트로 파트너 사이트에서 상품을 받으세요',
  },
  partnerOffer: { 'pt-BR': 'Promoção do parceiro', zh: '合作伙伴优惠', en: 'Partner offer', ja: 'パートナー特典', ko: '파트너 혜택' },
  watchEarnPlay: {
    'pt-BR': 'Assista, ganhe pontos e jogue no parceiro',
    zh: '看视频赚积分，去合作网站玩',
    en: 'Watch, earn points and play at our partner',
    ja: '動画を見てポイントをため、パートナーで遊ぼう',
    ko: '영상 보고 포인트 모아 파트너에서 즐기세요',
  },
  partnerOfferPlayNow: {
    'pt-BR': 'Promoção do parceiro: jogue agora',
    zh: '合作伙伴优惠：立即开玩',
    en: 'Partner offer: play now',
    ja: 'パートナー特典：今すぐプレイ',
    ko: '파트너 혜택: 지금 플레이',
  },
  playAtPartner: { 'pt-BR': 'Jogue agora no parceiro', zh: '现在就去合作网站玩', en: 'Play now at our partner', ja: '今すぐパートナーで遊ぼう', ko: '지금 파트너에서 플레이하세요' },
} satisfies Record<string, LocalizedText>;

/** The demo's feed ads: an image (a demo poster) leading to sign-on, and a video (the demo's feed-only ad creative). */
export function demoFeedAds(): AdItem[] {
  return [
    {
      id: 'ad_partner_image',
      isAd: true,
      adType: 'image',
      adImageUrl: media(demoPaths.videoDir('grid-city'), demoPaths.poster),
      adUrl: 'sso:win667',
      adButtonText: texts.playNow,
      title: texts.pointsWinPrizes,
    },
    {
      id: 'ad_promo_video',
      isAd: true,
      adType: 'video',
      videoUrl: media(demoPaths.adDir('partner'), demoPaths.playlist),
      adUrl: 'sso:win667',
      adButtonText: texts.playNow,
      title: texts.partnerOffer,
    },
  ];
}

/** The demo's slot ads: the partner ad of the feed, as pictures and as short text lines. */
export function demoSlotAds(): SlotAds {
  const poster = media(demoPaths.videoDir('grid-city'), demoPaths.poster);
  const image = (title: LocalizedText): SlotAd => ({ enabled: true, type: 'image', image: poster, title, url: 'sso:win667' });
  const text = (title: LocalizedText): SlotAd => ({ enabled: true, type: 'text', title, url: 'sso:win667' });
  return {
    'search-bar-bottom': text(texts.pointsWinPrizes),
    'category-header': text(texts.watchEarnPlay),
    'category-section-end': image(texts.pointsWinPrizes),
    'pagination-top': text(texts.partnerOfferPlayNow),
    'video-card-ad': image(texts.playAtPartner),
    'header-bar-bottom': text(texts.pointsWinPrizes),
    'plot-section-top': text(texts.watchEarnPlay),
    'video-detail-bottom': image(texts.partnerOffer),
    'full-video-footer': text(texts.watchEarnPlay),
  };
}

/** The app config's defaults when the demo is the content (what a fresh install shows). */
export function demoAppConfigDefaults(): AppConfigDefaults {
  return { feedAds: demoFeedAds(), slotAds: demoSlotAds() };
}
