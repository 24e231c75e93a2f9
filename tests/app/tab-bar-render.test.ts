// Server-side rendering of the tab bar and the overlay: their markup in node,
// with the real pt-BR strings.

import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { clearFatal, createErrorMonitor, fatalState } from '../../src/errors/error-monitor';
import { FatalOverlay } from '../../src/shell/FatalOverlay';
import { TabBar, type TabBarProps } from '../../src/shell/TabBar';
import app from '../../src/i18n/locales/pt-BR/app.json';
import credits from '../../src/i18n/locales/pt-BR/credits.json';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ lng: 'pt-BR', resources: { 'pt-BR': { app, credits } }, initAsync: false, interpolation: { escapeValue: false } });

const noop = () => {};
const render = (props: Partial<TabBarProps>) =>
  renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(TabBar, { page: 'douyin', flags: { promotionTab: false, ssoTab: false }, win667Status: null, onNavigate: noop, onSso: noop, ...props })),
  );

describe('TabBar markup', () => {
  it('renders labelled buttons for the visible tabs only', () => {
    const html = render({});
    expect(html.match(/<button/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Início"');
    expect(html).toContain('aria-label="Descobrir"');
    expect(html).not.toContain('Promoções');
  });

  it('marks discover current on a search page', () => {
    const html = render({ page: 'search' });
    expect(html).toMatch(/class="cf-tab cf-tab--active" aria-label="Descobrir" aria-current="page"/);
  });

  it('shows 99+ above 99 and names the SSO tab by status', () => {
    const html = render({ flags: { promotionTab: true, ssoTab: true }, win667Status: 'eligible', badges: { navigation: 150 } });
    expect(html).toContain('>99+<');
    expect(html).toContain('aria-label="Jogar (Criar conta no site de jogos)"');
    expect(html).toContain('aria-label="Promoções, 150 novidades"');
  });
});

describe('TabBar profile tab', () => {
  it('shows the labelled profile tab only with its flag', () => {
    expect(render({ flags: { promotionTab: false, ssoTab: false, profileTab: false } })).not.toContain('Perfil');
    const html = render({ flags: { promotionTab: false, ssoTab: false, profileTab: true } });
    expect(html.match(/<button/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Perfil"');
  });
});

describe('FatalOverlay markup', () => {
  it('renders nothing without a severe error, the message and reload button with one', () => {
    clearFatal();
    const view = () => renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(FatalOverlay)));
    expect(view()).toBe('');
    createErrorMonitor().report('broken state', 'state_corruption');
    expect(fatalState.error?.type).toBe('state_corruption');
    const html = view();
    expect(html).toContain('role="alertdialog"');
    expect(html).toContain('Algo deu errado');
    expect(html).toContain('>Recarregar</button>');
    clearFatal();
  });
});
