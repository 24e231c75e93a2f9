// The pt-BR namespaces left out of the first-visit bundle when pt-BR is the build's default (bundled-pack.ts): one chunk.

import type { Strings } from '../pack-files';

export default import.meta.glob<Strings>(['../locales/pt-BR/*.json', '!../locales/pt-BR/{app,common,feed,feedpage,player,ui,account,credits}.json'], { eager: true, import: 'default' });
