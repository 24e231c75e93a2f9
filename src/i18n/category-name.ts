// The name a category shows, one rule for every screen (the feed's source
// selector, discover, the video pages): our name in the visitor's language
// (type_names, which the demo catalogue writes for each language), else our
// name in the fallback language, else type_name, the source's own name. An
// imported MacCMS category has no names of ours and shows its type_name: that
// is the source's truth, and no translation is made up for it. type_en is not
// shown: MacCMS sources fill it unevenly (often pinyin). Markup is never
// interpreted.

import type { Category } from '../api/catalogue-schemas';
import { plainText } from '../lib/plain-text';
import { localizedText } from './localized-text';

export function categoryName(category: Pick<Category, 'type_name' | 'type_names'>, language: string): string {
  return plainText(localizedText(category.type_names, language)) || plainText(category.type_name);
}
