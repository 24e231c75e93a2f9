// Which of a per-language server text (src/api/localized-text.ts) the visitor
// reads: their interface language's, else the fallback language's (the one
// the server always writes). A component calls it while rendering with
// i18n.language, so a language switch re-renders the text without a reload.

import type { i18n as I18n } from 'i18next';
import type { LocalizedText } from '../api/localized-text';
import { i18nConfig } from './config';
import { matchLanguage } from './languages';

/** The text in `language`, else in the fallback language; '' when it names neither. */
export function localizedText(text: LocalizedText | undefined, language: string): string {
  if (!text) return '';
  const own = matchLanguage(language);
  return (own ? text[own] : undefined) || text[i18nConfig.textFallbackLanguage] || '';
}

/**
 * The language whose texts are on screen: the interface language once its
 * pack is in, the fallback's while it is still fetched (i18next's
 * resolvedLanguage), so server texts never speak another language than the
 * interface around them.
 */
export function shownLanguage(instance: Pick<I18n, 'language' | 'resolvedLanguage'>): string {
  return instance.resolvedLanguage ?? instance.language;
}
