// The ko strings in one module: one chunk, fetched when the visitor switches to ko.

import type { Strings } from '../pack-files';

export default import.meta.glob<Strings>('../locales/ko/*.json', { eager: true, import: 'default' });
