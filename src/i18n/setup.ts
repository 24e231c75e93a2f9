// Startup's language step and language switches: fetch a missing pack, add
// it, switch, and keep <html lang> on the active language.

import type { i18n as I18n } from 'i18next';
import { buildDefaultLanguage, buildLanguageList } from './build';
import { i18nConfig } from './config';
import { loadPack } from './pack-loader';
import type { LanguagePack } from './pack-files';

export interface SwitchDeps {
  loadPack(language: string): Promise<LanguagePack | null>;
}

const defaultDeps: SwitchDeps = { loadPack };

function hasPack(instance: I18n, language: string): boolean {
  const namespaces = instance.options.ns;
  const first = Array.isArray(namespaces) ? namespaces[0] : namespaces;
  return typeof first === 'string' && instance.hasResourceBundle(language, first);
}

/**
 * Switches to a language, fetching its pack first when needed. Resolves with
 * the language now active: the requested one, or the default when its pack
 * could not be had (the interface never mixes a language code with another's text).
 */
export async function switchLanguage(instance: I18n, language: string, deps: SwitchDeps = defaultDeps): Promise<string> {
  if (!hasPack(instance, language)) {
    const offered = (buildLanguageList as readonly string[]).includes(language);
    const pack = offered ? await deps.loadPack(language).catch(() => null) : null;
    if (!pack) {
      if (instance.language !== buildDefaultLanguage) await instance.changeLanguage(buildDefaultLanguage);
      return buildDefaultLanguage;
    }
    for (const [namespace, strings] of Object.entries(pack)) instance.addResourceBundle(language, namespace, strings, true, true);
  }
  // Also when `language` already was the instance's language: the event re-renders texts shown from the fallback.
  await instance.changeLanguage(language);
  return language;
}

/** Keeps <html lang> on the instance's language. Returns stop. */
export function followLanguage(instance: I18n, root: HTMLElement): () => void {
  const apply = (language: string) => {
    root.lang = language;
  };
  apply(instance.language);
  instance.on('languageChanged', apply);
  return () => instance.off('languageChanged', apply);
}

/**
 * Startup's language step. The default language is bundled: nothing to wait
 * for. Another start language (?lang= in debug mode) is fetched; the first
 * render waits for it at most setupWaitMs, then shows the default's text and
 * switches when the pack arrives.
 */
export function setupLanguage(instance: I18n, root: HTMLElement, deps: SwitchDeps = defaultDeps): Promise<void> | void {
  followLanguage(instance, root);
  if (hasPack(instance, instance.language)) return;
  const switched = switchLanguage(instance, instance.language, deps);
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, i18nConfig.setupWaitMs);
    void switched.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
