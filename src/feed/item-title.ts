// A feed item's title in the interface language: an ad's title comes per
// language from the app config and is picked while rendering, so a language
// switch re-renders it; a video's is the catalogue's title for the feed's lang.

import { useTranslation } from 'react-i18next';
import { localizedText, shownLanguage } from '../i18n/localized-text';
import { isAdItem, type FeedItem } from './feed-item';

export function useItemTitle(item: FeedItem): string {
  const { i18n } = useTranslation();
  return isAdItem(item) ? localizedText(item.title, shownLanguage(i18n)) : item.title;
}
