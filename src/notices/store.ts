// UI store: toasts and the centre tip (STYLE.md 9: proxy state + module-level
// actions). Texts are i18n keys plus params, translated at render. Timers live
// in module maps, outside the proxy, and run on an injectable scheduler so
// tests control time.

import { proxy } from 'valtio';
import { uiConfig } from '../ui/config';
import { capTipText, clampTipDuration } from './tip-rules';
import { realTimers, type Timeouts } from '../lib/timers';

export type ToastType = 'success' | 'error' | 'warning' | 'info' | 'credits';
export type MessageParams = Record<string, string | number>;

/** An i18n key with its namespace ('feed:loadFailed') and interpolation params. */
export interface Message {
  key: string;
  params?: MessageParams;
}

/** Toast fields of spec 1 §3. */
export interface Toast {
  id: string;
  type: ToastType;
  content: Message;
  /** False while the hide transition runs, just before removal. */
  show: boolean;
  /** 0-100, for a progress toast (credits). */
  progress?: number;
  progressText?: Message;
  remainingVideos?: number;
  earnablePoints: number;
}

/** What the centre tip shows: an i18n key, or ready text (e.g. a server message). */
export type TipContent = Message | { text: string };

export interface CenterTip {
  /** Changes with every showCenterTip, so the view can restart its fade-in. */
  id: number;
  content: TipContent;
}

export interface UiState {
  toasts: Toast[];
  centerTip: CenterTip | null;
}

export const uiState = proxy<UiState>({ toasts: [], centerTip: null });

const scheduler: Timeouts = realTimers;
const toastTimers = new Map<string, unknown>();
let tipTimer: unknown = null;
let nextToastId = 1;
let nextTipId = 1;

export interface ToastOptions {
  type?: ToastType;
  /** Visible time before the hide transition; defaults by type. */
  durationMs?: number;
  progress?: number;
  progressText?: Message;
  remainingVideos?: number;
  earnablePoints?: number;
}

function defaultToastMs(type: ToastType): number {
  return type === 'error' ? uiConfig.toastErrorMs : uiConfig.toastDefaultMs;
}

function clearToastTimer(id: string): void {
  const handle = toastTimers.get(id);
  if (handle !== undefined) scheduler.clearTimeout(handle);
  toastTimers.delete(id);
}

function removeToast(id: string): void {
  clearToastTimer(id);
  const index = uiState.toasts.findIndex((t) => t.id === id);
  if (index >= 0) uiState.toasts.splice(index, 1);
}

/**
 * Shows a toast; returns its id. A toast that says the same (type, key and params) as one on screen is not
 * stacked again: that one takes the new fields, stays (or comes back from its exit) and its time starts over
 * (UI.md: one toast of a kind at a time). The oldest toasts give way beyond the visible limit.
 */
export function showToast(key: string, params?: MessageParams, options: ToastOptions = {}): string {
  const type = options.type ?? 'info';
  const content: Message = params ? { key, params } : { key };
  const same = uiState.toasts.find((t) => t.type === type && sameMessage(t.content, content));
  const toast: Toast = same ?? { id: `toast-${nextToastId++}`, type, content, show: true, earnablePoints: 0 };
  toast.show = true;
  toast.earnablePoints = options.earnablePoints ?? uiConfig.creditsToastDefaultPoints;
  if (options.progress !== undefined) toast.progress = Math.min(100, Math.max(0, options.progress));
  if (options.progressText) toast.progressText = options.progressText;
  if (options.remainingVideos !== undefined) toast.remainingVideos = options.remainingVideos;
  const { id } = toast;
  if (same) clearToastTimer(id);
  else uiState.toasts.push(toast);
  while (uiState.toasts.length > uiConfig.toastMaxVisible) removeToast(uiState.toasts[0].id);
  const durationMs = options.durationMs ?? defaultToastMs(type);
  toastTimers.set(id, scheduler.setTimeout(() => dismissToast(id), Math.max(0, durationMs)));
  return id;
}

function sameMessage(a: Message, b: Message): boolean {
  if (a.key !== b.key) return false;
  const aKeys = Object.keys(a.params ?? {});
  const bParams = b.params ?? {};
  return aKeys.length === Object.keys(bParams).length && aKeys.every((k) => a.params?.[k] === bParams[k]);
}

/** Starts the hide transition; the toast leaves the list after it. Unknown ids are ignored. */
export function dismissToast(id: string): void {
  const toast = uiState.toasts.find((t) => t.id === id);
  if (!toast) return;
  clearToastTimer(id);
  if (!toast.show) return removeToast(id);
  toast.show = false;
  toastTimers.set(id, scheduler.setTimeout(() => removeToast(id), uiConfig.toastExitMs));
}

function tipContent(message: string | TipContent): TipContent {
  if (typeof message !== 'string') {
    return 'text' in message ? { text: capTipText(message.text) } : message;
  }
  return { key: message };
}

/**
 * Shows the centre tip, replacing any current one. A string is an i18n key
 * ('ui:zoom.tip'); pass {text} for ready text, {key, params} for a key with
 * params. Duration is clamped to 500-5000 ms, ready text capped to 100
 * characters (translated text is capped by the view).
 */
export function showCenterTip(message: string | TipContent, durationMs?: number): number {
  if (tipTimer !== null) scheduler.clearTimeout(tipTimer);
  const id = nextTipId++;
  uiState.centerTip = { id, content: tipContent(message) };
  tipTimer = scheduler.setTimeout(() => hideCenterTip(id), clampTipDuration(durationMs));
  return id;
}

/** Hides the tip; with an id, only if that tip is still the one shown. */
export function hideCenterTip(id?: number): void {
  if (id !== undefined && uiState.centerTip?.id !== id) return;
  if (tipTimer !== null) scheduler.clearTimeout(tipTimer);
  tipTimer = null;
  uiState.centerTip = null;
}

/**
 * Drops every toast, the tip and their timers (page teardown, tests).
 * @internal A test seam (knip.json: @internal exports are allowed for test seams only).
 */
export function resetUi(): void {
  for (const handle of toastTimers.values()) scheduler.clearTimeout(handle);
  toastTimers.clear();
  if (tipTimer !== null) scheduler.clearTimeout(tipTimer);
  tipTimer = null;
  uiState.toasts.splice(0);
  uiState.centerTip = null;
}
