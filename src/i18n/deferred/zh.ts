// The zh namespaces left out of the first-visit bundle when zh is the build's default (bundled-pack.ts): one chunk.

import type { Strings } from '../pack-files';

export default import.meta.glob<Strings>(['../locales/zh/*.json', '!../locales/zh/{app,common,feed,feedpage,player,ui,account,credits}.json'], { eager: true, import: 'default' });
