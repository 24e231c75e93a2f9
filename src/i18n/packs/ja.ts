// The ja strings in one module: one chunk, fetched when the visitor switches to ja.

import type { Strings } from '../pack-files';

export default import.meta.glob<Strings>('../locales/ja/*.json', { eager: true, import: 'default' });
