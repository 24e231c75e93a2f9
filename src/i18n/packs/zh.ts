// The zh strings in one module: one chunk, fetched when the visitor switches to zh.

import type { Strings } from '../pack-files';

export default import.meta.glob<Strings>('../locales/zh/*.json', { eager: true, import: 'default' });
