// Video checks: MediaSource (or Safari's ManagedMediaSource), the codecs the
// demo and catalogue use (H.264 + AAC; HEVC for information), hls.js and
// native HLS support, the playback path the app picks (the app's own rule,
// src/player/native-hls.ts), and the autoplay policy.

import { detectCapability } from '../player/native-hls';
import type { CheckResult, DiagnosticFacts } from './types';
import { no, supported, unknown, unsupported, yes } from './values';

const AUTOPLAY_VALUES = {
  allowed: 'diagnostics:values.autoplayAllowed',
  'allowed-muted': 'diagnostics:values.autoplayMuted',
  disallowed: 'diagnostics:values.autoplayBlocked',
  unknown: 'diagnostics:values.unknown',
} as const;

const PATH_VALUES = {
  'hls.js': 'diagnostics:values.pathHlsJs',
  native: 'diagnostics:values.pathNative',
  unsupported: 'diagnostics:values.pathNone',
} as const;

export function videoChecks(f: DiagnosticFacts): CheckResult[] {
  const path = detectCapability({ hlsSupported: () => f.hlsJs, canPlayType: () => f.nativeHls });
  const anyMse = f.mse || f.managedMse;
  const checks: CheckResult[] = [
    {
      id: 'video.mse',
      tab: 'video',
      label: 'diagnostics:checks.mse',
      value: f.mse ? { key: 'diagnostics:values.mse' } : f.managedMse ? { key: 'diagnostics:values.managedMse' } : no,
      // Without MSE the app can still play through native HLS (iPhone Safari).
      status: anyMse ? 'ok' : path === 'native' ? 'info' : 'fail',
      ...(anyMse || path === 'native' ? {} : { advice: 'diagnostics:advice.noPlayback' }),
    },
  ];

  const codec = (id: string, label: string, value: boolean | undefined, required: boolean) => {
    const known = f.codecs !== null && value !== undefined;
    checks.push({
      id,
      tab: 'video',
      label,
      value: !known ? unknown : value ? supported : unsupported,
      status: !known ? 'info' : value ? 'ok' : required ? 'fail' : 'info',
      ...(known && !value && required ? { advice: 'diagnostics:advice.codecMissing' } : {}),
    });
  };
  codec('video.h264', 'diagnostics:checks.h264', f.codecs?.h264, true);
  codec('video.h264High', 'diagnostics:checks.h264High', f.codecs?.h264High, false);
  codec('video.aac', 'diagnostics:checks.aac', f.codecs?.aac, true);
  codec('video.hevc', 'diagnostics:checks.hevc', f.codecs?.hevc, false);

  checks.push({ id: 'video.hlsJs', tab: 'video', label: 'diagnostics:checks.hlsJs', value: f.hlsJs ? yes : no, status: f.hlsJs ? 'ok' : 'info' });
  checks.push({
    id: 'video.nativeHls',
    tab: 'video',
    label: 'diagnostics:checks.nativeHls',
    // canPlayType answers 'probably', 'maybe' or '': words for visitors, not the API's own.
    value: f.nativeHls === 'probably' ? { key: 'diagnostics:values.canPlayProbably' } : f.nativeHls === 'maybe' ? { key: 'diagnostics:values.canPlayMaybe' } : no,
    status: 'info',
  });
  checks.push({
    id: 'video.path',
    tab: 'video',
    label: 'diagnostics:checks.playbackPath',
    value: { key: PATH_VALUES[path] },
    status: path === 'unsupported' ? 'fail' : 'ok',
    ...(path === 'unsupported' ? { advice: 'diagnostics:advice.noPlayback' } : {}),
  });
  checks.push({
    id: 'video.autoplay',
    tab: 'video',
    label: 'diagnostics:checks.autoplay',
    value: { key: AUTOPLAY_VALUES[f.autoplay] },
    status: f.autoplay === 'allowed' ? 'ok' : f.autoplay === 'allowed-muted' ? 'warn' : f.autoplay === 'disallowed' ? 'fail' : 'info',
    ...(f.autoplay === 'allowed-muted' ? { advice: 'diagnostics:advice.autoplayMuted' } : f.autoplay === 'disallowed' ? { advice: 'diagnostics:advice.autoplayBlocked' } : {}),
  });
  return checks;
}
