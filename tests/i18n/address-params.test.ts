// ?lang= and ?debug= survive the router's address cleaning on every page, so a
// language chosen in debug mode holds for the whole session (spec 1 §2:
// protected parameters), while unknown parameters are still removed.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSearch, isProtectedParam } from '../../src/router/clean-params';
import { PAGES } from '../../src/router/pages';
import { goBack, navigateTo, replaceParams, startRouter } from '../../src/router/router-store';
import { i18nConfig } from '../../src/i18n/config';
import { FakeBrowser } from '../app/helpers/fake-browser';

const query = (href: string) => new URLSearchParams(href.slice(href.indexOf('?')));

describe('clean addresses keep the language and debug switches', () => {
  it('the language parameter and debug switches are protected', () => {
    expect(i18nConfig.queryParam).toBe('lang');
    for (const name of [i18nConfig.queryParam, 'debug', 'debug_mode']) expect(isProtectedParam(name), name).toBe(true);
  });

  it('every page keeps lang and debug, and drops unknown parameters', () => {
    const current = new URLSearchParams('n=douyin&i=5&debug=true&lang=ja&junk=1&mute=1');
    for (const page of PAGES) {
      const q = new URLSearchParams(buildSearch({ page, params: {} }, current));
      expect(q.get('lang'), page).toBe('ja');
      expect(q.get('debug'), page).toBe('true');
      expect(q.has('junk'), page).toBe(false);
      expect(q.get('n'), page).toBe(page);
    }
  });

  describe('through the router', () => {
    let stop: (() => void) | null = null;
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => {
      stop?.();
      stop = null;
      vi.useRealTimers();
    });

    it('entry, navigations, parameter changes and Back all keep ?debug=true&lang=', () => {
      const browser = new FakeBrowser('/?debug=true&lang=ko&junk=x');
      stop = startRouter(browser);
      const expectKept = (label: string) => {
        const q = query(browser.href);
        expect(q.get('lang'), label).toBe('ko');
        expect(q.get('debug'), label).toBe('true');
        expect(q.has('junk'), label).toBe(false);
      };
      expectKept('entry');
      navigateTo('discover');
      expectKept('discover');
      navigateTo('search', { q: 'cats', pg: 2 });
      expectKept('search');
      navigateTo('video-detail', { vid: 3, i: '3', from: 'discover' });
      expectKept('video-detail');
      navigateTo('video-play', { vid: 3, i: '3', route: 1 });
      replaceParams({ episode: 2 });
      expectKept('video-play');
      navigateTo('navigation');
      expectKept('navigation');
      goBack();
      expectKept('back');
    });
  });
});
