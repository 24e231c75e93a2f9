// The en namespaces left out of the first-visit bundle when en is the build's default (bundled-pack.ts): one chunk.

import type { Strings } from '../pack-files';

export default import.meta.glob<Strings>(['../locales/en/*.json', '!../locales/en/{app,common,feed,feedpage,player,ui,account,credits}.json'], { eager: true, import: 'default' });
