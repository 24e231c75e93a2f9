// A lazy page whose chunk was preloaded renders in the same pass as the shell,
// without its Suspense fallback (src/notices/lazy-when-online.ts): React holds
// content that replaces a freshly shown fallback for 300 ms, which was the
// gap before discover's posters (issue 17). Rendered with react-dom/server,
// which shows a boundary's fallback for whatever suspends.

import { createElement, Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadableWhenOnline } from '../../src/notices/lazy-when-online';

const Page = () => createElement('p', null, 'the page');
const render = (Component: Parameters<typeof createElement>[0]) => renderToStaticMarkup(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, createElement(Component)));

function link(offline: boolean) {
  const listeners = new Set<() => void>();
  return {
    offline,
    isOffline() {
      return this.offline;
    },
    onResume(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resume() {
      this.offline = false;
      for (const listener of [...listeners]) listener();
    },
  };
}

describe('a preloadable lazy page', () => {
  it('renders without its fallback once preloaded, and fetches its chunk once', async () => {
    let loads = 0;
    const page = preloadableWhenOnline(async () => {
      loads++;
      return { default: Page };
    }, link(false));
    await page.preload();
    expect(render(page.Component)).toBe('<p>the page</p>');
    await page.preload();
    expect(loads).toBe(1);
  });

  it('shows its fallback when it is rendered before the chunk is there', () => {
    const page = preloadableWhenOnline(() => new Promise<never>(() => undefined), link(false));
    expect(render(page.Component)).toBe('<i>loading</i>');
  });

  it('does not fetch while the server cannot be reached, and fetches when it answers', async () => {
    const connection = link(true);
    let loads = 0;
    const page = preloadableWhenOnline(async () => {
      loads++;
      return { default: Page };
    }, connection);
    const ready = page.preload();
    await Promise.resolve();
    expect(loads).toBe(0);
    connection.resume();
    await ready;
    expect(loads).toBe(1);
    expect(render(page.Component)).toBe('<p>the page</p>');
  });

  it('fetches again after a failed fetch', async () => {
    let attempt = 0;
    const page = preloadableWhenOnline(async () => {
      attempt++;
      if (attempt === 1) throw new Error('chunk failed');
      return { default: Page };
    }, link(false));
    await expect(page.preload()).rejects.toThrow('chunk failed');
    await page.preload();
    expect(render(page.Component)).toBe('<p>the page</p>');
  });
});
