// The promotion page's entries: local configuration, no call (spec 2 §7).
// Entries are parsed with promotion-schema.ts; the grid fills the remaining
// slots with "ad rental" placeholders. Titles and badges are sponsor data
// (names), shown as text like catalogue titles.

import { ssoConfig } from '../account';
// Bundled art (served by the app itself, so it shows offline and looks the same on every phone).
import encyclopediaArt from './art/encyclopedia.svg';
import footballArt from './art/football.svg';
import partnerArt from './art/partner.svg';

export const promotionItems: readonly unknown[] = [
  {
    // The partner gaming site; in the demo it is served by this server at /partner/.
    id: 'partner-win667',
    title: 'win667 · Jogos do parceiro',
    image: partnerArt,
    url: ssoConfig.partnerHome,
    badge: 'HOT',
  },
  {
    // No scheme on purpose: links are normalised to https:// when clicked (spec 2 §5).
    id: 'sponsor-cbf',
    title: 'CBF · Futebol brasileiro',
    image: footballArt,
    url: 'www.cbf.com.br',
    badge: 'TOP',
  },
  {
    id: 'sponsor-wikipedia',
    title: 'Wikipédia em português',
    image: encyclopediaArt,
    url: 'https://pt.wikipedia.org',
  },
];
