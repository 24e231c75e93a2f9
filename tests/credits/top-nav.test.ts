// enableCreditsDisplay (spec 2 §2.6): the feed's top navigation shows the
// credits when the flag is on, otherwise a live button. Driven by the real
// app config endpoint: the demo's default (on), and a server whose
// DATA_DIR/app-config.json turns it off; the page's own client reads it
// into the store the component renders from.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { TopNavCredits } from '../../src/account';
import { accountState, initialAccountState } from '../../src/account/store';
import { appConfigOf, defaultAppConfig, fetchAppConfigAnswer } from '../../src/api/app-config';
import { createI18n } from '../../src/i18n';
import { appConfigState } from '../../src/server-config/store';
import { startServer } from '../identity/helpers/live-server';

const render = () => renderToStaticMarkup(h(I18nextProvider, { i18n: createI18n('pt-BR') }, h(TopNavCredits)));

/** The app config as the page gets it from a server started with `flags` in its app-config.json (none: the defaults). */
async function configFrom(flags?: Record<string, boolean>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clipfeed-topnav-'));
  if (flags) writeFileSync(path.join(dataDir, 'app-config.json'), JSON.stringify({ flags }));
  const live = await startServer({ DATA_DIR: dataDir });
  try {
    return appConfigOf(await fetchAppConfigAnswer({ baseUrl: live.baseUrl }), live.baseUrl)!;
  } finally {
    await live.close();
  }
}

afterEach(() => {
  appConfigState.config = defaultAppConfig;
  Object.assign(accountState, initialAccountState());
});

describe('top navigation: credits or live button', () => {
  it('flag on (the demo default): the balance, formatted 1k/1w, opening the credits screen', async () => {
    appConfigState.config = await configFrom();
    expect(appConfigState.config.flags.creditsDisplay).toBe(true);
    Object.assign(accountState, { status: 'completed', points: 12_345 });
    const html = render();
    expect(html).toContain('data-testid="topnav-credits"');
    expect(html).toContain('data-points="12345"');
    expect(html).toContain('>1.2w</span>');
    expect(html).toContain('aria-label="1.2w pontos: abrir meus pontos"');
    expect(html).not.toContain('topnav-live');
  });

  it('flag off: a live button and no balance', async () => {
    appConfigState.config = await configFrom({ creditsDisplay: false });
    expect(appConfigState.config.flags.creditsDisplay).toBe(false);
    Object.assign(accountState, { status: 'completed', points: 12_345 });
    const html = render();
    expect(html).toContain('data-testid="topnav-live"');
    expect(html).toContain('Ao vivo');
    expect(html).not.toContain('topnav-credits');
    expect(html).not.toContain('1.2w');
  });
});
