// The en strings in one module: one chunk, fetched when the visitor switches to en.

import type { Strings } from '../pack-files';

export default import.meta.glob<Strings>('../locales/en/*.json', { eager: true, import: 'default' });
