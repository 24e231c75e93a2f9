// The name a category shows. MacCMS names categories in Chinese (type_name)
// and may add an English one (type_en); other languages read the English name
// when there is one. Markup is never interpreted.

import type { Category } from '../../api/catalogue-schemas';
import { plainText } from '../../lib/plain-text';
import { catalogueLanguage } from '../../i18n/video-title';

export function categoryName(category: Pick<Category, 'type_name' | 'type_en'>, language: string): string {
  const english = plainText(category.type_en);
  const own = plainText(category.type_name);
  if (catalogueLanguage(language) === 'zh') return own || english;
  return english || own;
}
