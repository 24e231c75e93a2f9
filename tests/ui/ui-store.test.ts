import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, hideCenterTip, resetUi, showCenterTip, showToast, uiState } from '../../src/notices/store';
import { uiConfig } from '../../src/ui/config';
import { capTipText, clampTipDuration } from '../../src/notices/tip-rules';

beforeEach(() => {
  vi.useFakeTimers();
  resetUi();
});
afterEach(() => {
  resetUi();
  vi.useRealTimers();
});

describe('centre tip rules', () => {
  it('clamps the duration to 500-5000 ms, default 2 s', () => {
    expect(clampTipDuration(100)).toBe(500);
    expect(clampTipDuration(9000)).toBe(5000);
    expect(clampTipDuration(1200)).toBe(1200);
    expect(clampTipDuration(undefined)).toBe(2000);
    expect(clampTipDuration(Number.NaN)).toBe(2000);
  });

  it('caps text at 100 characters as 97 plus an ellipsis', () => {
    expect(capTipText('a'.repeat(100))).toBe('a'.repeat(100));
    const capped = capTipText('b'.repeat(101));
    expect(capped).toBe('b'.repeat(97) + '…');
    expect(Array.from(capped)).toHaveLength(98);
    // Counted in characters, not UTF-16 units: emoji are not split.
    const emoji = capTipText('😀'.repeat(120));
    expect(Array.from(emoji)).toHaveLength(98);
    expect(emoji.startsWith('😀'.repeat(97))).toBe(true);
  });
});

describe('centre tip store', () => {
  it('shows a key and hides it after the clamped duration', () => {
    showCenterTip('ui:zoomTip', 100);
    expect(uiState.centerTip?.content).toEqual({ key: 'ui:zoomTip' });
    vi.advanceTimersByTime(499);
    expect(uiState.centerTip).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(uiState.centerTip).toBeNull();
  });

  it('uses 2 s by default and never more than 5 s', () => {
    showCenterTip('ui:zoomTip');
    vi.advanceTimersByTime(1999);
    expect(uiState.centerTip).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(uiState.centerTip).toBeNull();
    showCenterTip({ text: 'x' }, 60_000);
    vi.advanceTimersByTime(5000);
    expect(uiState.centerTip).toBeNull();
  });

  it('caps ready text and a newer tip replaces the older one with its own timer', () => {
    showCenterTip({ text: 'z'.repeat(150) }, 1000);
    expect(uiState.centerTip?.content).toEqual({ text: 'z'.repeat(97) + '…' });
    vi.advanceTimersByTime(800);
    const second = showCenterTip({ key: 'ui:rewardTip', params: { n: 5 } }, 1000);
    vi.advanceTimersByTime(300);
    // The first tip's timer must not hide the second.
    expect(uiState.centerTip?.id).toBe(second);
    vi.advanceTimersByTime(700);
    expect(uiState.centerTip).toBeNull();
  });

  it('hideCenterTip with a stale id leaves the current tip', () => {
    const first = showCenterTip('ui:a');
    showCenterTip('ui:b');
    hideCenterTip(first);
    expect(uiState.centerTip?.content).toEqual({ key: 'ui:b' });
    hideCenterTip();
    expect(uiState.centerTip).toBeNull();
  });
});

describe('toasts', () => {
  it('lives for its duration, then hides, then leaves the list', () => {
    const id = showToast('feed:loadFailed', undefined, { type: 'error', durationMs: 1000 });
    expect(uiState.toasts).toHaveLength(1);
    expect(uiState.toasts[0]).toMatchObject({ id, type: 'error', show: true, content: { key: 'feed:loadFailed' }, earnablePoints: 50 });
    vi.advanceTimersByTime(999);
    expect(uiState.toasts[0].show).toBe(true);
    vi.advanceTimersByTime(1);
    expect(uiState.toasts[0].show).toBe(false);
    vi.advanceTimersByTime(uiConfig.toastExitMs);
    expect(uiState.toasts).toHaveLength(0);
  });

  it('defaults the duration by type', () => {
    showToast('a:info');
    showToast('a:error', undefined, { type: 'error' });
    vi.advanceTimersByTime(uiConfig.toastDefaultMs);
    expect(uiState.toasts.map((t) => t.show)).toEqual([false, true]);
    vi.advanceTimersByTime(uiConfig.toastErrorMs - uiConfig.toastDefaultMs);
    expect(uiState.toasts.find((t) => t.content.key === 'a:error')?.show).toBe(false);
  });

  it('dismissing early cancels the timer and removes after the exit transition', () => {
    const id = showToast('a:b', { n: 2 }, { durationMs: 10_000 });
    dismissToast(id);
    expect(uiState.toasts[0].show).toBe(false);
    vi.advanceTimersByTime(uiConfig.toastExitMs);
    expect(uiState.toasts).toHaveLength(0);
    // A late duration timer must not resurrect or break anything.
    vi.advanceTimersByTime(20_000);
    expect(uiState.toasts).toHaveLength(0);
    dismissToast('unknown');
  });

  it('keeps credits fields and clamps progress', () => {
    showToast('points:earned', { n: 100 }, { type: 'credits', progress: 140, remainingVideos: 2, earnablePoints: 100, progressText: { key: 'points:progress', params: { done: 3, total: 5 } } });
    expect(uiState.toasts[0]).toMatchObject({ type: 'credits', progress: 100, remainingVideos: 2, earnablePoints: 100, content: { key: 'points:earned', params: { n: 100 } } });
  });

  it('drops the oldest beyond the visible limit', () => {
    const ids = Array.from({ length: uiConfig.toastMaxVisible + 2 }, (_, i) => showToast(`a:${i}`));
    expect(uiState.toasts.map((t) => t.id)).toEqual(ids.slice(2));
    // The dropped toasts' timers are gone: nothing throws or reappears later.
    vi.advanceTimersByTime(uiConfig.toastDefaultMs + uiConfig.toastExitMs);
    expect(uiState.toasts).toHaveLength(0);
  });
});
