// The autoplay policy: navigator.getAutoplayPolicy where the browser has it
// (Firefox), else a real test: a silent clip played with sound, then muted.

import { diagnosticsConfig } from './config';
import type { AutoplayPolicy } from './types';

/** A silent 8-bit mono PCM WAV file (silence is 128 in unsigned 8-bit). */
export function silentWav(samples: number = diagnosticsConfig.silentClipSamples, rate: number = diagnosticsConfig.silentClipRate): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, s: string) => [...s].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true); // byte rate = rate x 1 channel x 1 byte
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  bytes.fill(128, 44);
  return bytes;
}

type PolicyNavigator = Navigator & { getAutoplayPolicy?: (type: 'mediaelement') => string };

function fromPolicy(value: string | undefined): AutoplayPolicy | null {
  return value === 'allowed' || value === 'allowed-muted' || value === 'disallowed' ? value : null;
}

async function tryPlay(video: HTMLVideoElement, muted: boolean): Promise<'played' | 'blocked' | 'error'> {
  video.muted = muted;
  try {
    await video.play();
    video.pause();
    return 'played';
  } catch (e) {
    return e instanceof DOMException && e.name === 'NotAllowedError' ? 'blocked' : 'error';
  }
}

export async function probeAutoplay(): Promise<AutoplayPolicy> {
  const declared = fromPolicy((navigator as PolicyNavigator).getAutoplayPolicy?.('mediaelement'));
  if (declared) return declared;
  if (typeof document === 'undefined') return 'unknown';
  const url = URL.createObjectURL(new Blob([silentWav()], { type: 'audio/wav' }));
  const video = document.createElement('video');
  video.playsInline = true;
  video.preload = 'auto';
  video.src = url;
  try {
    const loud = await tryPlay(video, false);
    if (loud === 'played') return 'allowed';
    if (loud === 'error') return 'unknown';
    const quiet = await tryPlay(video, true);
    return quiet === 'played' ? 'allowed-muted' : quiet === 'blocked' ? 'disallowed' : 'unknown';
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
