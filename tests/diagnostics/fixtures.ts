// Diagnostic facts of a healthy mid-range Android phone; tests change fields.

import type { DiagnosticFacts } from '../../src/diagnostics/types';

export const healthyPhone = (over: Partial<DiagnosticFacts> = {}): DiagnosticFacts => ({
  at: Date.UTC(2025, 2, 10, 12),
  page: 'https://app.example/',
  userAgent: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  language: 'pt-BR',
  cores: 8,
  memoryGb: 8,
  heap: { usedMb: 20.4, limitMb: 4096 },
  screen: { width: 412, height: 915 },
  viewport: { width: 412, height: 823 },
  pixelRatio: 2.625,
  touchPoints: 5,
  online: true,
  connection: { type: 'wifi', effectiveType: '4g', downlinkMbps: 10, rttMs: 50, saveData: false },
  apiRttMs: 80,
  mse: true,
  managedMse: false,
  codecs: { h264: true, h264High: true, aac: true, hevc: false },
  hlsJs: true,
  nativeHls: '',
  autoplay: 'allowed',
  storage: { local: true, session: true, indexedDb: true, usageMb: 2, quotaMb: 2000 },
  cookies: true,
  errors: [],
  ...over,
});
