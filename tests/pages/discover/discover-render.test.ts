// Server-side renders (node has no DOM) of the shared browsing components
// and the Discover views: what each promises in its markup.

import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultAppConfig, type SlotAds } from '../../../src/api/app-config';
import type { CatalogueVideo } from '../../../src/api/catalogue-schemas';
// These pages' strings come with their lazy chunk in the app (withAllStrings): every pack here.
import { createI18nWithAllPacks } from '../../i18n/support/all-packs';
import { CategoryView } from '../../../src/discover/CategoryView';
import { SearchView } from '../../../src/discover/SearchView';
import { appConfigState } from '../../../src/server-config/store';
import { configureDiscover } from '../../../src/discover/discover-deps';
import { discoverState } from '../../../src/discover/discover-state';
import { AdSlot } from '../../../src/discover/ads/AdSlot';
import { Pagination } from '../../../src/ui/Pagination';
import { VideoCard } from '../../../src/ui/VideoCard';

function render(element: ReactElement): string {
  return renderToStaticMarkup(h(I18nextProvider, { i18n: createI18nWithAllPacks('pt-BR') }, element));
}

const noop = () => {};
const video = (id: number, more: Partial<CatalogueVideo> = {}) =>
  ({ vod_id: id, vod_name: `V${id}`, vod_name_pt: '', vod_name_en: '', vod_name_ja: '', vod_name_ko: '', vod_pic: `https://i.test/${id}.jpg`, vod_remarks: '', ...more }) as CatalogueVideo;

const slotAds: SlotAds = {
  'video-card-ad': { type: 'image', image: 'https://i.test/ad.jpg', title: { 'pt-BR': 'Jogue agora' }, url: 'sso:win667' },
  'category-header': { type: 'text', title: { 'pt-BR': 'Texto do parceiro' }, url: 'https://partner.test/' },
};

function withAds(ads: SlotAds, loaded = true): void {
  appConfigState.config = { ...defaultAppConfig, slotAds: ads };
  appConfigState.loaded = loaded;
}

beforeEach(() => configureDiscover({ log: noop, toast: noop }));
afterEach(() => withAds({}, false));

describe('Pagination', () => {
  it('is hidden with one page', () => {
    expect(render(h(Pagination, { page: 1, pagecount: 1, onChange: noop }))).toBe('');
  });

  it('shows "current / total" and disables the ends', () => {
    const first = render(h(Pagination, { page: 1, pagecount: 3, onChange: noop }));
    expect(first).toContain('1 / 3');
    expect(first).toMatch(/<button[^>]*disabled=""[^>]*data-testid="pagination-prev"/);
    expect(first).not.toMatch(/<button[^>]*disabled=""[^>]*data-testid="pagination-next"/);
    const last = render(h(Pagination, { page: 3, pagecount: 3, onChange: noop }));
    expect(last).toMatch(/<button[^>]*disabled=""[^>]*data-testid="pagination-next"/);
    expect(render(h(Pagination, { page: 2, pagecount: 3, onChange: noop }))).toContain('2 / 3');
  });
});

describe('VideoCard', () => {
  it('a title with markup renders as text; the badge reads the remark or HD', () => {
    const html = render(h(VideoCard, { video: video(1, { vod_name: '&lt;img src=x onerror=alert(1)&gt;Filme', vod_remarks: '' }), onOpen: noop, eager: true }));
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;Filme');
    expect(html).not.toContain('<img src="x"');
    expect(html).toContain('>HD<');
    const live = render(h(VideoCard, { video: video(2, { vod_name: '<img src=x onerror=alert(1)>Filme', vod_remarks: 'Ep 3' }), onOpen: noop }));
    expect(live).not.toContain('onerror');
    expect(live).toContain('>Filme<');
    expect(live).toContain('>Ep 3<');
  });

  it('without a remark the badge is the running time in the visitor\'s language (issue 16), and HD only when that is unknown', () => {
    expect(render(h(VideoCard, { video: video(4, { vod_remarks: '', vod_duration: 731 }), onOpen: noop }))).toContain('>12 min<');
    expect(render(h(VideoCard, { video: video(5, { vod_remarks: '', vod_duration: undefined }), onOpen: noop }))).toContain('>HD<');
  });

  it('picks the title of the interface language', () => {
    expect(render(h(VideoCard, { video: video(3, { vod_name: '网格之城', vod_name_pt: 'A Cidade em Grade' }), onOpen: noop }))).toContain('A Cidade em Grade');
  });

  it('an unusable picture address shows the grey placeholder instead of an image', () => {
    const html = render(h(VideoCard, { video: video(4, { vod_pic: 'javascript:alert(1)' }), onOpen: noop, eager: true }));
    expect(html).toContain('data-testid="card-placeholder"');
    expect(html).not.toContain('javascript:');
  });
});

describe('AdSlot', () => {
  it('renders nothing before the config arrives or for a slot without an ad', () => {
    withAds(slotAds, false);
    expect(render(h(AdSlot, { slot: 'category-header' }))).toBe('');
    withAds(slotAds);
    expect(render(h(AdSlot, { slot: 'search-bar-bottom' }))).toBe('');
  });

  it('renders the configured ad as text', () => {
    withAds(slotAds);
    const html = render(h(AdSlot, { slot: 'category-header' }));
    expect(html).toContain('data-slot="category-header"');
    expect(html).toContain('Texto do parceiro');
    expect(html).toContain('Anúncio');
  });
});

describe('views', () => {
  it('category: a first row of videos, then the header ad, then the rest with the ad card at its index 1 (issue 16 point 12)', () => {
    withAds(slotAds);
    Object.assign(discoverState.category, { status: 'ready', categoryId: 2, page: 1, pagecount: 1, total: 5, videos: [1, 2, 3, 4, 5].map((id) => video(id)), category: { type_id: 2, type_name: '科技', type_en: 'Science & Tech' } });
    const html = render(h(CategoryView, { onOpen: noop }));
    const content = html.slice(html.indexOf('data-testid="category-content"'));
    const firstRow = content.indexOf('data-testid="category-first-row"');
    const headerAd = content.indexOf('data-slot="category-header"');
    const rest = content.indexOf('data-testid="video-grid"');
    expect(firstRow).toBeGreaterThan(0);
    expect(firstRow).toBeLessThan(headerAd);
    expect(headerAd).toBeLessThan(rest);
    expect(html.indexOf('data-testid="ad-slot"')).toBeGreaterThan(html.indexOf('data-vid="3"'));
    const cells = [...html.matchAll(/<li class="cf-discover-grid__cell"([^>]*)>([\s\S]*?)<\/li>/g)];
    expect(cells).toHaveLength(6);
    expect(cells.slice(0, 3).map((c) => /data-vid="(\d+)"/.exec(c[2])?.[1])).toEqual(['1', '2', '3']);
    expect(cells[3][2]).toContain('data-vid="4"');
    expect(cells[4][1]).toContain('data-testid="grid-ad-cell"');
    expect(cells[5][2]).toContain('data-vid="5"');
    // A category without our per-language names (an imported one) shows the source's type_name.
    expect(html).toContain('科技');
    expect(html).not.toContain('data-testid="pagination"');
  });

  it('category of one row: its videos first, the header ad after them, no ad card', () => {
    withAds(slotAds);
    Object.assign(discoverState.category, { status: 'ready', categoryId: 2, page: 1, pagecount: 1, total: 2, videos: [video(1), video(2)] });
    const html = render(h(CategoryView, { onOpen: noop }));
    expect(html).not.toContain('grid-ad-cell');
    expect(html.indexOf('data-slot="category-header"')).toBeGreaterThan(html.indexOf('data-vid="2"'));
  });

  it('category without an ad configured: videos only', () => {
    withAds({});
    Object.assign(discoverState.category, { status: 'ready', categoryId: 2, videos: [video(1), video(2)] });
    const html = render(h(CategoryView, { onOpen: noop }));
    expect(html).not.toContain('grid-ad-cell');
  });

  it('search: heading with the query, results, pagination when several pages', () => {
    Object.assign(discoverState.search, { status: 'ready', query: 'gato', page: 2, pagecount: 3, total: 45, videos: [video(21), video(22)] });
    const html = render(h(SearchView, { onOpen: noop }));
    expect(html).toContain('Resultados para “gato”');
    expect(html).toContain('2 / 3');
    expect(html.match(/data-testid="video-card"/g)).toHaveLength(2);
  });

  it('search: the no-results message and a spinner while loading', () => {
    Object.assign(discoverState.search, { status: 'ready', query: 'nada', videos: [], total: 0, pagecount: 1 });
    expect(render(h(SearchView, { onOpen: noop }))).toContain('Nenhum vídeo encontrado para “nada”');
    Object.assign(discoverState.search, { status: 'loading' });
    const loading = render(h(SearchView, { onOpen: noop }));
    expect(loading).toContain('role="status"');
    expect(loading).not.toContain('Nenhum vídeo');
  });
});
