// The one rule for a server text given per language (ad texts) and for a
// category's name (feed source selector, discover, video pages).

import { describe, expect, it } from 'vitest';
import { localizedTextSchema } from '../../src/api/localized-text';
import { categoryName } from '../../src/i18n/category-name';
import { localizedText, shownLanguage } from '../../src/i18n/localized-text';
import { createI18n } from '../../src/i18n';

describe('localizedText', () => {
  const text = { 'pt-BR': 'Promoção do parceiro', ja: 'パートナー特典', zh: '合作伙伴优惠' };

  it("picks the visitor's language, region variants included", () => {
    expect(localizedText(text, 'ja')).toBe('パートナー特典');
    expect(localizedText(text, 'pt-BR')).toBe('Promoção do parceiro');
    expect(localizedText(text, 'zh-CN')).toBe('合作伙伴优惠');
    expect(localizedText(text, 'pt')).toBe('Promoção do parceiro');
  });

  it('falls back to pt-BR for a language the text leaves out, and to nothing when it has neither', () => {
    expect(localizedText(text, 'ko')).toBe('Promoção do parceiro');
    expect(localizedText(text, 'fr')).toBe('Promoção do parceiro');
    expect(localizedText({ ja: 'パートナー' }, 'en')).toBe('');
    expect(localizedText(undefined, 'ja')).toBe('');
  });
});

describe('shownLanguage', () => {
  it('is the fallback while the interface language has no pack yet, then that language', () => {
    const instance = createI18n('ja');
    expect(instance.language).toBe('ja');
    expect(shownLanguage(instance)).toBe('pt-BR');
    instance.addResourceBundle('ja', 'common', { retry: '再試行' }, true, true);
    void instance.changeLanguage('ja');
    expect(shownLanguage(instance)).toBe('ja');
  });
});

describe('localizedTextSchema (the page reads the server strictly)', () => {
  it('takes a plain string as every language and a per-language object as it is', () => {
    expect(localizedTextSchema.parse(' Oi ')).toEqual({ 'pt-BR': 'Oi', zh: 'Oi', en: 'Oi', ja: 'Oi', ko: 'Oi' });
    expect(localizedTextSchema.parse({ ja: 'テスト' })).toEqual({ ja: 'テスト' });
  });

  it('refuses an unknown language, an empty text and an object naming no language', () => {
    expect(localizedTextSchema.safeParse({ 'pt-BR': 'Oi', es: 'Hola' }).success).toBe(false);
    expect(localizedTextSchema.safeParse({ 'pt-BR': '  ' }).success).toBe(false);
    expect(localizedTextSchema.safeParse({}).success).toBe(false);
    expect(localizedTextSchema.safeParse(7).success).toBe(false);
  });
});

describe('categoryName', () => {
  const documentary = { type_name: '纪录片', type_en: 'Documentary', type_names: { 'pt-BR': 'Documentários', zh: '纪录片', en: 'Documentary', ja: 'ドキュメンタリー', ko: '다큐멘터리' } };

  it('is our name in the visitor language', () => {
    expect(categoryName(documentary, 'pt-BR')).toBe('Documentários');
    expect(categoryName(documentary, 'ja')).toBe('ドキュメンタリー');
    expect(categoryName(documentary, 'ko')).toBe('다큐멘터리');
    expect(categoryName(documentary, 'zh')).toBe('纪录片');
  });

  it("falls back to our pt-BR name, then to type_name; type_en is not shown", () => {
    expect(categoryName({ type_name: '纪录片', type_names: { 'pt-BR': 'Documentários' } }, 'ja')).toBe('Documentários');
    // An imported category: the source's own name in every language, no translation made up.
    const imported = { type_name: '综艺', type_en: 'zongyi', type_names: {} };
    for (const language of ['pt-BR', 'en', 'ja']) expect(categoryName(imported, language)).toBe('综艺');
  });

  it('never interprets markup', () => {
    expect(categoryName({ type_name: '<b>Séries</b> &amp; TV', type_names: {} }, 'pt-BR')).toBe('Séries & TV');
    expect(categoryName({ type_name: 'x', type_names: { ja: '<i>アート</i>' } }, 'ja')).toBe('アート');
  });
});
