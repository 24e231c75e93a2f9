// Which languages a build offers and which one a visit asks for. Pure: the
// environment values and the address come in as arguments.

import { i18nConfig, type Language } from './config';

const SUPPORTED: readonly string[] = i18nConfig.supportedLanguages;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && SUPPORTED.includes(value);
}

/**
 * The supported language a code names, or null: exact codes, any letter case,
 * and region variants of a base language ('pt' and 'pt-PT' -> 'pt-BR',
 * 'zh-CN' -> 'zh', 'en-US' -> 'en').
 */
export function matchLanguage(raw: string | null | undefined, languages: readonly string[] = SUPPORTED): Language | null {
  const code = raw?.trim().replace(/_/g, '-').toLowerCase();
  if (!code) return null;
  const exact = languages.find((lang) => lang.toLowerCase() === code);
  if (isLanguage(exact)) return exact;
  const base = code.split('-')[0];
  const sameBase = languages.find((lang) => lang.toLowerCase().split('-')[0] === base);
  return isLanguage(sameBase) ? sameBase : null;
}

/**
 * The build's languages from VITE_LANGUAGES (comma list; unset or nothing
 * valid: all of them), always including the default language, first.
 */
export function buildLanguages(list: string | undefined, defaultLanguage: Language): Language[] {
  const named = (list ?? '')
    .split(',')
    .map((code) => matchLanguage(code))
    .filter((lang): lang is Language => lang !== null);
  const chosen = named.length > 0 ? named : [...i18nConfig.supportedLanguages];
  return [defaultLanguage, ...new Set(chosen.filter((lang) => lang !== defaultLanguage))];
}

/** The language ?lang= asks for, when debug mode is on and the build offers it; else null. */
export function queryLanguage(search: string, debugMode: boolean, languages: readonly string[]): Language | null {
  if (!debugMode) return null;
  return matchLanguage(new URLSearchParams(search).get(i18nConfig.queryParam), languages);
}
