// Server-side renders of the detail page's body (node has no DOM): hostile
// catalogue text comes out as text, never as markup; the plot toggle, routes
// and metadata lines follow the data.

import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n';
import { packFromFiles, type Strings } from '../../../src/i18n/pack-files';
import { DetailBody, type DetailBodyProps } from '../../../src/video/detail/VideoDetailPage';
import { RouteList } from '../../../src/video/detail/RouteList';
import { videoRoutes } from '../../../src/feed/play-address';
import { video } from '../../feed/fake-catalogue';

const packs = {
  'pt-BR': packFromFiles(import.meta.glob<Strings>('../../../src/i18n/locales/pt-BR/*.json', { eager: true, import: 'default' })),
  zh: packFromFiles(import.meta.glob<Strings>('../../../src/i18n/locales/zh/*.json', { eager: true, import: 'default' })),
};

function render(element: ReactElement, lang = 'pt-BR'): string {
  return renderToStaticMarkup(h(I18nextProvider, { i18n: createI18n(lang, packs) }, element));
}

const HOSTILE = '<img src=x onerror="window.__pwned=1">';

function body(more: Partial<DetailBodyProps> = {}, videoFields = {}): string {
  const props: DetailBodyProps = {
    video: video(5, { vod_name: `${HOSTILE}Título`, vod_name_pt: '', vod_content: `${HOSTILE}Enredo &lt;b&gt;`, ...videoFields }),
    origin: {},
    plotExpanded: false,
    onTogglePlot: () => undefined,
    related: [],
    relatedLoading: false,
    categoryNames: new Map([[1, 'Documentary']]),
    ...more,
  };
  return render(h(DetailBody, props));
}

describe('video detail body', () => {
  it('renders hostile title and plot as inert text', () => {
    const html = body();
    expect(html).not.toContain('<img src="x"');
    expect(html).not.toContain('onerror');
    expect(html).toMatch(/data-testid="detail-title">Título</);
    // The encoded tag stays visible text: escaped again by React.
    expect(html).toMatch(/data-testid="detail-plot">Enredo &lt;b&gt;</);
  });

  it('shows the no-plot text, and the toggle only for a plot over 150 characters', () => {
    expect(body({}, { vod_content: '' })).toContain('Sem sinopse por enquanto.');
    expect(body({}, { vod_content: 'x'.repeat(150) })).not.toContain('plot-toggle');
    const long = body({}, { vod_content: 'x'.repeat(151) });
    expect(long).toContain('data-testid="plot-toggle"');
    expect(long).toContain('Mostrar mais');
    expect(body({ plotExpanded: true }, { vod_content: 'x'.repeat(151) })).toContain('Mostrar menos');
  });

  it('lists the routes only when the video has a play address', () => {
    expect(body()).toContain('data-testid="route-list"');
    expect(body({}, { vod_play_url: '' })).not.toContain('data-testid="route-list"');
  });

  it('names the category in the interface language when the category list knows it', () => {
    expect(body()).toMatch(/data-field="category"><dt>Categoria<\/dt><dd>Documentary</);
    expect(body({ categoryNames: new Map() })).toMatch(/data-field="category"><dt>Categoria<\/dt><dd>Docs</);
  });

  it('shows director and actor lines only when present', () => {
    expect(body({}, { vod_director: 'Ana', vod_actor: '' })).toContain('data-field="director"');
    expect(body({}, { vod_director: 'Ana', vod_actor: '' })).not.toContain('data-field="actor"');
  });

  it('shows skeleton cards while related videos load, and the cards once they arrive', () => {
    expect(body({ relatedLoading: true }).match(/data-testid="video-card-skeleton"/g)).toHaveLength(8);
    const loaded = body({ related: [video(6, { vod_remarks: '' }), video(7, { vod_remarks: 'Novo' })] });
    expect(loaded.match(/data-testid="video-card"/g)).toHaveLength(2);
    expect(loaded).toContain('HD');
    expect(loaded).toContain('Novo');
  });

  it('names unnamed routes in the interface language', () => {
    const routes = videoRoutes('$https://a.example/1.m3u8$$$$https://b.example/2.m3u8', 'a$$$b');
    expect(render(h(RouteList, { routes, activeIndex: 1, onSelect: () => undefined }), 'zh')).toMatch(/线路1.*线路2/);
    const online = videoRoutes('$https://a.example/1.m3u8');
    expect(render(h(RouteList, { routes: online, activeIndex: null, onSelect: () => undefined }))).toContain('Reprodução online');
  });
});
