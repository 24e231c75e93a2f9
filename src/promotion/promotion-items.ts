// The promotion page's entries: local configuration, no call (spec 2 §7).
// Entries are parsed with promotion-schema.ts; the grid fills the remaining
// slots with "ad rental" placeholders. Titles are per interface language
// (sponsor names kept as they are); badges are sponsor data, shown as text.

import { ssoConfig } from '../account';
// Bundled art (served by the app itself, so it shows offline and looks the same on every phone).
import encyclopediaArt from './art/encyclopedia.svg';
import footballArt from './art/football.svg';
import partnerArt from './art/partner.svg';

export const promotionItems: readonly unknown[] = [
  {
    // The partner gaming site; in the demo it is served by this server at /partner/.
    id: 'partner-win667',
    title: { 'pt-BR': 'win667 · Jogos do parceiro', zh: 'win667 · 合作伙伴游戏', en: 'win667 · Partner games', ja: 'win667 · パートナーのゲーム', ko: 'win667 · 파트너 게임' },
    image: partnerArt,
    url: ssoConfig.partnerHome,
    badge: 'HOT',
  },
  {
    // No scheme on purpose: links are normalised to https:// when clicked (spec 2 §5).
    id: 'sponsor-cbf',
    title: { 'pt-BR': 'CBF · Futebol brasileiro', zh: 'CBF · 巴西足球', en: 'CBF · Brazilian football', ja: 'CBF · ブラジルのサッカー', ko: 'CBF · 브라질 축구' },
    image: footballArt,
    url: 'www.cbf.com.br',
    badge: 'TOP',
  },
  {
    id: 'sponsor-wikipedia',
    // The link is the Portuguese edition; each language's title says so.
    title: { 'pt-BR': 'Wikipédia em português', zh: '维基百科（葡萄牙语版）', en: 'Wikipedia in Portuguese', ja: 'ウィキペディア（ポルトガル語版）', ko: '위키백과 (포르투갈어판)' },
    image: encyclopediaArt,
    url: 'https://pt.wikipedia.org',
  },
];
