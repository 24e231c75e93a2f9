// The ja namespaces left out of the first-visit bundle when ja is the build's default (bundled-pack.ts): one chunk.

import type { Strings } from '../pack-files';

export default import.meta.glob<Strings>(['../locales/ja/*.json', '!../locales/ja/{app,common,feed,feedpage,player,ui,account,credits}.json'], { eager: true, import: 'default' });
