// Issue 16 point 12: "Não há vídeo anterior" twice. A toast that says the same
// as one on screen is not stacked: the one on screen stays and its time starts
// over; a toast on its way out comes back.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, resetUi, showToast, uiState } from '../../src/notices/store';
import { uiConfig } from '../../src/ui/config';

beforeEach(() => {
  vi.useFakeTimers();
  resetUi();
});
afterEach(() => {
  resetUi();
  vi.useRealTimers();
});

describe('toasts: one of a kind on screen', () => {
  it('the same message twice is one toast, and its time starts over', () => {
    const first = showToast('feed:nav.noPrevious');
    vi.advanceTimersByTime(uiConfig.toastDefaultMs - 500);
    const second = showToast('feed:nav.noPrevious');
    expect(second).toBe(first);
    expect(uiState.toasts).toHaveLength(1);
    // The first timer would have hidden it 500 ms from now: it must not.
    vi.advanceTimersByTime(uiConfig.toastDefaultMs - 1);
    expect(uiState.toasts[0].show).toBe(true);
    vi.advanceTimersByTime(1);
    expect(uiState.toasts[0].show).toBe(false);
    vi.advanceTimersByTime(uiConfig.toastExitMs);
    expect(uiState.toasts).toHaveLength(0);
  });

  it('different params, keys or types are different toasts', () => {
    showToast('feed:random.retryFailedN', { n: 1, max: 3 });
    showToast('feed:random.retryFailedN', { n: 2, max: 3 });
    showToast('feed:nav.noMore');
    showToast('feed:nav.noMore', undefined, { type: 'error' });
    expect(uiState.toasts).toHaveLength(Math.min(4, uiConfig.toastMaxVisible));
    expect(new Set(uiState.toasts.map((t) => t.id)).size).toBe(uiState.toasts.length);
  });

  it('the same params in another order are the same message', () => {
    const a = showToast('feed:random.retryFailedN', { n: 1, max: 3 });
    const b = showToast('feed:random.retryFailedN', { max: 3, n: 1 });
    expect(b).toBe(a);
    expect(uiState.toasts).toHaveLength(1);
  });

  it('a toast on its way out comes back and is not removed by its exit timer', () => {
    const id = showToast('feed:nav.noPrevious');
    dismissToast(id);
    expect(uiState.toasts[0].show).toBe(false);
    expect(showToast('feed:nav.noPrevious')).toBe(id);
    expect(uiState.toasts[0].show).toBe(true);
    vi.advanceTimersByTime(uiConfig.toastExitMs);
    expect(uiState.toasts).toHaveLength(1);
    expect(uiState.toasts[0].show).toBe(true);
  });

  it('a repeated credits toast takes the newest progress', () => {
    showToast('ui:watchMore', undefined, { type: 'credits', progress: 20, remainingVideos: 4 });
    showToast('ui:watchMore', undefined, { type: 'credits', progress: 40, remainingVideos: 3 });
    expect(uiState.toasts).toHaveLength(1);
    expect(uiState.toasts[0]).toMatchObject({ progress: 40, remainingVideos: 3 });
  });
});
