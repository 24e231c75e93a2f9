// Server-side renders of the promotion cards with the real pt-BR strings.

import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
// These pages' strings come with their lazy chunk in the app (withAllStrings): every pack here.
import { createI18nWithAllPacks } from '../../i18n/support/all-packs';
import { PromotionCard } from '../../../src/promotion/PromotionCard';
import type { PromotionSlot } from '../../../src/promotion/promotion-slots';

const render = (slot: PromotionSlot) => renderToStaticMarkup(h(I18nextProvider, { i18n: createI18nWithAllPacks('pt-BR') }, h(PromotionCard, { slot, pageOrigin: 'http://h', onOpen: () => undefined })));

describe('PromotionCard markup', () => {
  it('a placeholder is a disabled "ad rental" slot', () => {
    const html = render({ kind: 'placeholder', id: 'rental-4' });
    expect(html).toContain('data-placeholder="true"');
    expect(html).toContain('Espaço disponível');
    expect(html).toMatch(/<button type="button" class="cf-promo-card__button" disabled="">Indisponível<\/button>/);
  });

  it('an item shows its emoji, badge, title as text, and an enter button', () => {
    const html = render({ kind: 'item', item: { id: 'p', title: { 'pt-BR': '<img src=x onerror=alert(1)>' }, image: '🎮', url: 'p.example', badge: 'HOT', enabled: true, type: 'fixed' } });
    expect(html).toContain('🎮');
    expect(html).toContain('>HOT<');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('>Entrar</button>');
  });

  it('a disabled item or one without a link says unavailable but stays tappable for its message', () => {
    const off = render({ kind: 'item', item: { id: 'p', title: { 'pt-BR': 'Off' }, url: 'p.example', enabled: false, type: 'fixed' } });
    expect(off).toContain('aria-disabled="true"');
    expect(off).toContain('>Indisponível</button>');
    expect(off).not.toContain('disabled=""');
    const noLink = render({ kind: 'item', item: { id: 'q', title: { 'pt-BR': 'No link' }, enabled: true, type: 'fixed' } });
    // The button's name is its visible word (WCAG 2.5.3); the card's title describes it.
    expect(noLink).toMatch(/<p class="cf-promo-card__title" id="([^"]+)">No link<\/p><button[^>]*aria-describedby="\1"[^>]*>Indisponível<\/button>/);
  });
});

describe('PromotionPage markup', () => {
  it('ten slots, the header entries, and the "advanced version" badge only under version-b', async () => {
    const { default: PromotionPage } = await import('../../../src/promotion/PromotionPage');
    const { appConfigState } = await import('../../../src/server-config/store');
    const page = () => renderToStaticMarkup(h(I18nextProvider, { i18n: createI18nWithAllPacks('pt-BR') }, h(PromotionPage)));
    const plain = page();
    expect(plain.match(/data-testid="promotion-slot"/g)).toHaveLength(10);
    expect(plain.match(/data-placeholder="true"/g)).toHaveLength(7);
    expect(plain).toContain('>Pontos</button>');
    expect(plain).toContain('>Ajuda</button>');
    expect(plain).toContain('>Favoritar</button>');
    expect(plain).not.toContain('Versão avançada');
    const flags = appConfigState.config.flags;
    appConfigState.config = { ...appConfigState.config, flags: { ...flags, versionB: true } };
    try {
      expect(page()).toContain('data-testid="advanced-badge">Versão avançada<');
    } finally {
      appConfigState.config = { ...appConfigState.config, flags };
    }
  });
});
