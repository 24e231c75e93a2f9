import { describe, expect, it, vi } from 'vitest';
import { bookmarkInstruction, bookmarkSite } from '../../../src/promotion/bookmark';
import { promotionImage } from '../../../src/promotion/promotion-image';

const UA = {
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  samsung: 'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  safariIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  chromeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  firefoxAndroid: 'Mozilla/5.0 (Android 13; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

describe('bookmark instructions per browser (spec 3 §8)', () => {
  it('names the right menu path for each browser family', () => {
    expect(bookmarkInstruction(UA.chromeAndroid).key).toBe('promotion:bookmark.chromeAndroid');
    expect(bookmarkInstruction(UA.samsung).key).toBe('promotion:bookmark.samsung');
    expect(bookmarkInstruction(UA.safariIos).key).toBe('promotion:bookmark.safariIos');
    expect(bookmarkInstruction(UA.chromeIos).key).toBe('promotion:bookmark.chromeIos');
    expect(bookmarkInstruction(UA.firefoxAndroid).key).toBe('promotion:bookmark.firefoxAndroid');
    expect(bookmarkInstruction(UA.firefoxWindows).key).toBe('promotion:bookmark.desktop');
    expect(bookmarkInstruction(UA.edgeWindows).key).toBe('promotion:bookmark.edge');
    expect(bookmarkInstruction('curl/8.0').key).toBe('promotion:bookmark.other');
  });

  it('the keyboard shortcut is ⌘D on an Apple computer and Ctrl+D elsewhere', () => {
    expect(bookmarkInstruction(UA.safariMac).params.shortcut).toBe('⌘D');
    expect(bookmarkInstruction(UA.chromeMac).params.shortcut).toBe('⌘D');
    expect(bookmarkInstruction(UA.firefoxWindows).params.shortcut).toBe('Ctrl+D');
    expect(bookmarkInstruction(UA.safariIos).params.shortcut).toBe('Ctrl+D');
  });
});

describe('bookmarkSite', () => {
  const target = { title: 'clipfeed', url: 'https://app.example/', userAgent: UA.chromeAndroid };

  it('without a browser API, shows the manual instruction for 4 s', () => {
    const showTip = vi.fn();
    expect(bookmarkSite({}, target, showTip)).toBe('manual');
    expect(showTip).toHaveBeenCalledWith({ key: 'promotion:bookmark.chromeAndroid', params: { shortcut: 'Ctrl+D' } }, 4000);
  });

  it('uses the old Firefox sidebar or the old IE favourites API when present', () => {
    const showTip = vi.fn();
    const addPanel = vi.fn();
    expect(bookmarkSite({ sidebar: { addPanel } }, target, showTip)).toBe('api');
    expect(addPanel).toHaveBeenCalledWith('clipfeed', 'https://app.example/', '');
    const AddFavorite = vi.fn();
    expect(bookmarkSite({ external: { AddFavorite } }, target, showTip)).toBe('api');
    expect(AddFavorite).toHaveBeenCalledWith('https://app.example/', 'clipfeed');
    expect(showTip).not.toHaveBeenCalled();
  });

  it('an API that throws falls back to the instruction', () => {
    const showTip = vi.fn();
    const refusing = {
      external: {
        AddFavorite: () => {
          throw new Error('denied');
        },
      },
    };
    expect(bookmarkSite(refusing, target, showTip)).toBe('manual');
    expect(showTip).toHaveBeenCalledOnce();
  });
});

describe('promotion images', () => {
  it('tells picture addresses from emoji', () => {
    expect(promotionImage('🎮', 'http://h')).toEqual({ kind: 'emoji', text: '🎮' });
    expect(promotionImage('👨‍👩‍👧', 'http://h')).toEqual({ kind: 'emoji', text: '👨‍👩‍👧' });
    expect(promotionImage('https://cdn.example/a.png', 'http://h')).toEqual({ kind: 'url', src: 'https://cdn.example/a.png' });
    expect(promotionImage('/media/a.jpg', 'http://h')).toEqual({ kind: 'url', src: 'http://h/media/a.jpg' });
    expect(promotionImage('data:image/svg+xml,%3Csvg%3E', 'http://h')).toEqual({ kind: 'url', src: 'data:image/svg+xml,%3Csvg%3E' });
    expect(promotionImage('data:text/html,<script>', 'http://h')).toEqual({ kind: 'none' });
    expect(promotionImage('javascript:alert(1)', 'http://h')).toEqual({ kind: 'none' });
    expect(promotionImage('a long sentence that is no emoji', 'http://h')).toEqual({ kind: 'none' });
    expect(promotionImage(undefined, 'http://h')).toEqual({ kind: 'none' });
  });
});
