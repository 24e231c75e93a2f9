import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../src/i18n';
import { i18nConfig } from '../../src/i18n/config';
import type { LanguagePack } from '../../src/i18n/pack-files';
import { followLanguage, setupLanguage, switchLanguage } from '../../src/i18n/setup';
import { allPacks } from './support/all-packs';

const packs = allPacks();
const root = () => ({ lang: '' }) as HTMLElement;

function loader(result: () => Promise<LanguagePack | null>) {
  const calls: string[] = [];
  return { calls, loadPack: (language: string) => (calls.push(language), result()) };
}

describe('setupLanguage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('the default language is bundled: nothing is fetched or awaited, <html lang> is set', () => {
    const instance = createI18n('pt-BR');
    const deps = loader(async () => packs.en);
    const html = root();
    expect(setupLanguage(instance, html, deps)).toBeUndefined();
    expect(deps.calls).toEqual([]);
    expect(html.lang).toBe('pt-BR');
    expect(instance.t('app:tabs.discover')).toBe('Descobrir');
  });

  it('another start language is fetched before the first render and shown', async () => {
    const instance = createI18n('ja');
    // Until its pack arrives, the default language's text stands in.
    expect(instance.t('app:tabs.discover')).toBe('Descobrir');
    const deps = loader(async () => packs.ja);
    const html = root();
    await setupLanguage(instance, html, deps);
    expect(deps.calls).toEqual(['ja']);
    expect(instance.language).toBe('ja');
    expect(instance.t('app:tabs.discover')).toBe('発見');
    expect(html.lang).toBe('ja');
  });

  it('a slow pack holds the first render at most setupWaitMs, then switches when it arrives', async () => {
    const instance = createI18n('ko');
    let deliver: (pack: LanguagePack) => void = () => undefined;
    const deps = loader(() => new Promise<LanguagePack>((resolve) => (deliver = resolve)));
    const html = root();
    let done = false;
    void Promise.resolve(setupLanguage(instance, html, deps)).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(i18nConfig.setupWaitMs - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    const changes: string[] = [];
    instance.on('languageChanged', (lng: string) => changes.push(lng));
    deliver(packs.ko);
    await vi.advanceTimersByTimeAsync(0);
    expect(changes).toEqual(['ko']);
    expect(instance.t('feedpage:controls.mute')).toBe('음소거');
  });

  it('a pack that cannot be fetched leaves the app in the default language, <html lang> included', async () => {
    const instance = createI18n('en');
    const html = root();
    await setupLanguage(instance, html, loader(async () => Promise.reject(new Error('chunk failed'))));
    expect(instance.language).toBe('pt-BR');
    expect(html.lang).toBe('pt-BR');
  });
});

describe('switchLanguage and followLanguage', () => {
  it('fetches a pack once; later switches reuse it', async () => {
    const instance = createI18n('pt-BR');
    const deps = loader(async () => packs.en);
    expect(await switchLanguage(instance, 'en', deps)).toBe('en');
    expect(await switchLanguage(instance, 'pt-BR', deps)).toBe('pt-BR');
    expect(await switchLanguage(instance, 'en', deps)).toBe('en');
    expect(deps.calls).toEqual(['en']);
    expect(instance.t('common:retry')).toBe('Try again');
  });

  it('a language without a pack answers with the default', async () => {
    const instance = createI18n('pt-BR');
    expect(await switchLanguage(instance, 'xx', loader(async () => null))).toBe('pt-BR');
    expect(instance.language).toBe('pt-BR');
  });

  it('<html lang> follows every switch until stopped', async () => {
    const instance = createI18n('pt-BR', packs);
    const html = root();
    const stop = followLanguage(instance, html);
    await instance.changeLanguage('zh');
    expect(html.lang).toBe('zh');
    stop();
    await instance.changeLanguage('en');
    expect(html.lang).toBe('zh');
  });
});
