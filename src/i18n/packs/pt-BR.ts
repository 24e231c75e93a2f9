// The pt-BR strings in one module: one chunk, fetched when the visitor switches to pt-BR.

import type { Strings } from '../pack-files';

export default import.meta.glob<Strings>('../locales/pt-BR/*.json', { eager: true, import: 'default' });
