// Server-side renders of the components (node has no DOM): the markup, labels
// and ARIA state each component promises, in both languages.

import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nWithAllPacks as createI18n } from '../i18n/support/all-packs';
import { ProgressBar } from '../../src/feed/progress/ProgressBar';
import { ResetZoomButton } from '../../src/feed/zoom/ResetZoomButton';
import { SwipeGuide } from '../../src/feed/SwipeGuide';
import { Swiper } from '../../src/feed/swiper/Swiper';
import { RewardBurst } from '../../src/feed/overlays/RewardBurst';
import { SsoRedirectOverlay } from '../../src/feed/overlays/SsoRedirectOverlay';
import { UnmuteHint } from '../../src/feed/overlays/UnmuteHint';
import { resetUi, showCenterTip, showToast } from '../../src/notices/store';
import { CenterTip } from '../../src/shell/CenterTip';
import { Spinner } from '../../src/ui/Spinner';
import { Toasts } from '../../src/shell/Toasts';

function render(element: ReactElement, lang = 'pt-BR'): string {
  return renderToStaticMarkup(h(I18nextProvider, { i18n: createI18n(lang) }, element));
}

const noop = () => {};

afterEach(() => resetUi());

describe('rendered components', () => {
  it('Swiper renders only the existing neighbours, current slide not hidden', () => {
    const html = render(
      h(Swiper, { activeKey: 'a', canGoPrev: false, canGoNext: true, onSwipe: noop, renderSlide: (o: number) => h('p', null, `slide${o}`) }),
    );
    expect(html).toContain('slide0');
    expect(html).toContain('slide1');
    expect(html).not.toContain('slide-1');
    expect(html).toContain('style="transform:translate3d(0, 0%, 0)"><p>slide0');
    expect(html).toMatch(/aria-hidden="true"[^>]*><p>slide1/);
  });

  it('ProgressBar is a labelled slider with clamped values, exempt from swiping', () => {
    const html = render(h(ProgressBar, { currentTime: 75, duration: 60, onSeek: noop }));
    expect(html).toContain('role="slider"');
    expect(html).toContain('aria-valuemax="60"');
    expect(html).toContain('aria-valuenow="60"');
    expect(html).toContain('aria-label="Progresso do vídeo"');
    expect(html).toContain('aria-valuetext="1:15 de 1:00"');
    expect(html).toContain('data-no-swipe');
    expect(html).toContain('width:100%');
  });

  it('Toasts show translated content and credits points; CenterTip caps translated text', () => {
    showToast('ui:unmute', undefined, { type: 'credits', earnablePoints: 80 });
    const toasts = render(h(Toasts));
    expect(toasts).toContain('Toque para ativar o som');
    expect(toasts).toContain('+80 pontos');
    expect(toasts).toContain('aria-label="Dispensar aviso"');
    showCenterTip('ui:zoom.tip');
    expect(render(h(CenterTip), 'zh')).toContain('已放大：拖动可移动画面');
  });

  it('Spinner shows the first loading stage', () => {
    expect(render(h(Spinner))).toContain('Conectando ao vídeo...');
    expect(render(h(Spinner, { stages: [] }))).toContain('cf-visually-hidden');
  });

  it('SwipeGuide shows until the flag is set', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    expect(render(h(SwipeGuide, { storage }))).toContain('Deslize para cima para ver o próximo vídeo');
    data.set('tiktok_swipe_guide_shown', 'true');
    expect(render(h(SwipeGuide, { storage }))).toBe('');
  });

  it('overlays render their labels only when visible', () => {
    expect(render(h(ResetZoomButton, { visible: true, onReset: noop }))).toContain('aria-label="Restaurar zoom"');
    expect(render(h(ResetZoomButton, { visible: false, onReset: noop }))).toBe('');
    expect(render(h(UnmuteHint, { visible: true, onUnmute: noop }), 'zh')).toContain('点击取消静音');
    expect(render(h(SsoRedirectOverlay, { visible: true }))).toContain('Redirecionando para o site parceiro...');
    expect(render(h(RewardBurst, { points: 100, burstKey: 1 }))).toContain('+100 pontos');
  });
});

describe('points widget', () => {
  it('reads the balance as the credits screen does (1.2k, 3.4w), with the exact number in its title', async () => {
    const { PointsWidget } = await import('../../src/feed/controls/PointsWidget');
    const { accountState } = await import('../../src/account/store');
    const saved = { status: accountState.status, points: accountState.points };
    try {
      Object.assign(accountState, { status: 'completed', points: 1234 });
      const html = render(h(PointsWidget));
      expect(html).toMatch(/data-testid="points-value" title="1234">1.2k</);
      Object.assign(accountState, { points: 34_567 });
      expect(render(h(PointsWidget))).toMatch(/title="34567">3.4w</);
      Object.assign(accountState, { points: 100 });
      expect(render(h(PointsWidget))).toMatch(/title="100">100</);
    } finally {
      Object.assign(accountState, saved);
    }
  });
});

describe('source bar: random-play failures', () => {
  it('shows the message after the start too (random play running), with a retry while manual retries remain', async () => {
    const { SourceBar } = await import('../../src/feed/controls/SourceBar');
    const { feedState } = await import('../../src/feed/store');
    const { RandomMessage, RandomStatus } = await import('../../src/feed/random-play');
    const saved = { ...feedState.random };
    try {
      feedState.random = { status: RandomStatus.Active, loading: false, message: { key: RandomMessage.maxRetries }, manualRetriesLeft: 2 };
      let html = render(h(SourceBar));
      expect(html).toContain('data-testid="random-message"');
      expect(html).toContain('Número máximo de tentativas atingido');
      expect(html).toContain('data-testid="random-retry"');
      feedState.random = { status: RandomStatus.Stopped, loading: false, message: { key: RandomMessage.retryFailed }, manualRetriesLeft: 0 };
      html = render(h(SourceBar));
      expect(html).toContain('A nova tentativa falhou');
      expect(html).not.toContain('data-testid="random-retry"');
      feedState.random = { status: RandomStatus.Active, loading: false, message: null, manualRetriesLeft: 2 };
      expect(render(h(SourceBar))).not.toContain('random-message');
    } finally {
      feedState.random = saved;
    }
  });
});
