// Category names in the interface language for the video pages: a video
// carries only type_name (MacCMS's own, often Chinese); the category list
// (cached by the catalogue service) also has our names per language, which
// the one naming rule reads (i18n/category-name.ts).

import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../api/catalogue-schemas';
import { categoryName } from '../../i18n/category-name';
import { shownLanguage } from '../../i18n/localized-text';
import { loadAllCategories } from '../../discover';

/** type_id -> name; empty until the list arrives (the video's own type_name shows meanwhile). */
export function useCategoryNames(): ReadonlyMap<number, string> {
  const { i18n } = useTranslation();
  const [categories, setCategories] = useState<readonly Category[]>([]);
  useEffect(() => {
    let live = true;
    void loadAllCategories().then((r) => {
      if (live && r.ok) setCategories(r.value);
    });
    return () => {
      live = false;
    };
  }, []);
  const language = shownLanguage(i18n);
  return useMemo(() => new Map(categories.map((c) => [c.type_id, categoryName(c, language)])), [categories, language]);
}

/** The name a video's category shows: the list's, else the video's own type_name. */
export function videoCategory(video: { type_id?: number; type_name: string }, names: ReadonlyMap<number, string>): string {
  return (video.type_id !== undefined ? names.get(video.type_id) : undefined) || video.type_name;
}
