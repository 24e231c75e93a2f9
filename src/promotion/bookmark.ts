// "Bookmark this site" (spec 3 §8): the legacy bookmark APIs where a browser
// still has one (old Firefox sidebar, old Internet Explorer); everywhere else
// a manual instruction for the visitor's browser, shown for 4 s.

import { detectBrowser, type BrowserKind } from '../lib/browser-kind';
import { bookmarkConfig } from './config';

const INSTRUCTION_KEYS = {
  samsung: 'promotion:bookmark.samsung',
  edge: 'promotion:bookmark.edge',
  firefox: 'promotion:bookmark.desktop',
  'firefox-android': 'promotion:bookmark.firefoxAndroid',
  'chrome-android': 'promotion:bookmark.chromeAndroid',
  'chrome-ios': 'promotion:bookmark.chromeIos',
  'safari-ios': 'promotion:bookmark.safariIos',
  chrome: 'promotion:bookmark.desktop',
  safari: 'promotion:bookmark.desktop',
  other: 'promotion:bookmark.other',
} as const satisfies Record<BrowserKind, string>;

/** The instruction's i18n key and its shortcut (⌘D on Apple computers, Ctrl+D elsewhere). */
export function bookmarkInstruction(userAgent: string): { key: string; params: { shortcut: string } } {
  const kind = detectBrowser(userAgent);
  const shortcut = /Macintosh|Mac OS X/.test(userAgent) && !/iPhone|iPad|iPod/.test(userAgent) ? '⌘D' : 'Ctrl+D';
  return { key: INSTRUCTION_KEYS[kind], params: { shortcut } };
}

/** The legacy APIs, where present. */
export interface BookmarkWindow {
  sidebar?: { addPanel?: (title: string, url: string, extra: string) => void };
  external?: { AddFavorite?: (url: string, title: string) => void };
}

export interface BookmarkTarget {
  title: string;
  url: string;
  userAgent: string;
}

/** 'api' when a browser API took the bookmark; otherwise the manual instruction was shown. */
export function bookmarkSite(
  win: BookmarkWindow,
  target: BookmarkTarget,
  showTip: (message: { key: string; params: { shortcut: string } }, durationMs: number) => void,
): 'api' | 'manual' {
  try {
    if (typeof win.sidebar?.addPanel === 'function') {
      win.sidebar.addPanel(target.title, target.url, '');
      return 'api';
    }
    if (typeof win.external?.AddFavorite === 'function') {
      win.external.AddFavorite(target.url, target.title);
      return 'api';
    }
  } catch {
    // A present but refusing API is as good as none: fall through to the instruction.
  }
  showTip(bookmarkInstruction(target.userAgent), bookmarkConfig.instructionMs);
  return 'manual';
}
