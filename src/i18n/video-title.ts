// The title a catalogue video shows in the interface language (spec 2 §3:
// vod_name_pt / _en / _ja / _ko, else vod_name, else the fallback title).
// Markup in catalogue text is never interpreted: the result is plain text.

import type { CatalogueVideo } from '../api/catalogue-schemas';
import { plainText } from '../lib/plain-text';

type TitleFields = Pick<CatalogueVideo, 'vod_name' | 'vod_name_pt' | 'vod_name_en' | 'vod_name_ja' | 'vod_name_ko'> & { title?: string };

const fieldByLanguage: Record<string, keyof TitleFields | undefined> = {
  pt: 'vod_name_pt',
  en: 'vod_name_en',
  ja: 'vod_name_ja',
  ko: 'vod_name_ko',
};

/** 'pt-BR' -> 'pt'; the catalogue's lang parameter and title fields use the base language. */
export function catalogueLanguage(language: string): string {
  return language.split('-')[0].toLowerCase();
}

export function videoTitle(video: Partial<TitleFields>, language: string): string {
  const field = fieldByLanguage[catalogueLanguage(language)];
  const candidates = [field ? video[field] : undefined, video.vod_name, video.title];
  for (const candidate of candidates) {
    const text = typeof candidate === 'string' ? plainText(candidate) : '';
    if (text) return text;
  }
  return '';
}
