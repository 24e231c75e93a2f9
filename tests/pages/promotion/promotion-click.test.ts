import { describe, expect, it, vi } from 'vitest';
import { createClickLock } from '../../../src/promotion/click-lock';
import { decideClick, openPromotionLink, PromotionMessage, type Opener } from '../../../src/promotion/promotion-click';
import type { PromotionItem } from '../../../src/promotion/promotion-schema';
import { normalizePromotionUrl } from '../../../src/promotion/promotion-url';

const ORIGIN = 'http://127.0.0.1:8080';

describe('link normalisation (spec 2 §5)', () => {
  it('prepends https:// when the link names neither http nor https', () => {
    expect(normalizePromotionUrl('www.cbf.com.br', ORIGIN)).toBe('https://www.cbf.com.br/');
    expect(normalizePromotionUrl('  example.com/promo?x=1 ', ORIGIN)).toBe('https://example.com/promo?x=1');
    expect(normalizePromotionUrl('//cdn.example.com/a', ORIGIN)).toBe('https://cdn.example.com/a');
    expect(normalizePromotionUrl('shop.example.com:8443/sale', ORIGIN)).toBe('https://shop.example.com:8443/sale');
  });

  it('keeps http and https links as they are', () => {
    expect(normalizePromotionUrl('http://a.example/x', ORIGIN)).toBe('http://a.example/x');
    expect(normalizePromotionUrl('HTTPS://A.example', ORIGIN)).toBe('https://a.example/');
  });

  it('resolves a root-relative path against the page (the demo partner)', () => {
    expect(normalizePromotionUrl('/partner/', ORIGIN)).toBe(`${ORIGIN}/partner/`);
  });

  it('refuses other schemes, blanks and garbage', () => {
    for (const bad of ['javascript:alert(1)', 'JavaScript:void(0)', 'data:text/html,hi', 'mailto:a@b.c', 'ftp://x.example', '', '   ', 'two words.com', undefined]) {
      expect(normalizePromotionUrl(bad, ORIGIN), String(bad)).toBeNull();
    }
  });
});

describe('click lock (spec 2 §4, §9: 1000 ms per item)', () => {
  it('locks one item for a second and leaves the others free', () => {
    let now = 5_000;
    const lock = createClickLock(() => now);
    lock.lock('a');
    expect(lock.locked('a')).toBe(true);
    expect(lock.locked('b')).toBe(false);
    now += 999;
    expect(lock.locked('a')).toBe(true);
    now += 1;
    expect(lock.locked('a')).toBe(false);
  });
});

describe('click decision (spec 2 §5)', () => {
  const base: PromotionItem = { id: 'p', title: { 'pt-BR': 'P' }, url: 'p.example', enabled: true, type: 'fixed' };

  it('opens the normalised link and locks the item; a second click within 1 s is "too fast"', () => {
    let now = 0;
    const lock = createClickLock(() => now);
    expect(decideClick(base, lock, ORIGIN)).toEqual({ kind: 'open', url: 'https://p.example/' });
    now = 400;
    expect(decideClick(base, lock, ORIGIN)).toEqual({ kind: 'refuse', message: PromotionMessage.tooFast });
    now = 1000;
    expect(decideClick(base, lock, ORIGIN).kind).toBe('open');
  });

  it('a disabled item, a missing link and an invalid link are refused with their messages', () => {
    const lock = createClickLock(() => 0);
    expect(decideClick({ ...base, enabled: false }, lock, ORIGIN)).toEqual({ kind: 'refuse', message: PromotionMessage.notEnabled });
    expect(decideClick({ ...base, url: undefined }, lock, ORIGIN)).toEqual({ kind: 'refuse', message: PromotionMessage.noLink });
    expect(decideClick({ ...base, url: 'javascript:alert(1)' }, lock, ORIGIN)).toEqual({ kind: 'refuse', message: PromotionMessage.noLink });
    // None of the refusals locked the item.
    expect(lock.locked('p')).toBe(false);
  });

  it('the three messages are the promotion namespace keys', () => {
    expect(Object.values(PromotionMessage)).toEqual(['promotion:messages.tooFast', 'promotion:messages.notEnabled', 'promotion:messages.noLink']);
  });
});

describe('opening a link', () => {
  it('opens a new tab, cuts its opener, then sends it to the link', () => {
    const tab = { opener: {} as unknown, location: { replace: vi.fn() } };
    const win: Opener = { open: vi.fn(() => tab), location: { assign: vi.fn() } };
    expect(openPromotionLink('https://x.example/', win)).toBe('new-tab');
    expect(win.open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.location.replace).toHaveBeenCalledWith('https://x.example/');
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('falls back to this window when the popup is blocked (null or a throw)', () => {
    const blocked: Opener = { open: () => null, location: { assign: vi.fn() } };
    expect(openPromotionLink('https://x.example/', blocked)).toBe('same-window');
    expect(blocked.location.assign).toHaveBeenCalledWith('https://x.example/');
    const throwing: Opener = {
      open: () => {
        throw new Error('blocked');
      },
      location: { assign: vi.fn() },
    };
    expect(openPromotionLink('https://y.example/', throwing)).toBe('same-window');
    expect(throwing.location.assign).toHaveBeenCalledWith('https://y.example/');
  });
});
