/// <reference types="vitest/config" />
// Build (app + module worker) and unit-test configuration in one file.
// Vitest only runs tests/**; Playwright specs under e2e/ are never picked up here.

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  // The page ships hls.js's light build (no EME/DRM, subtitles, alternate audio, CMCD,
  // interstitials: the feed plays clear single-rendition clips): ~220 kB less to parse on
  // a cheap phone. Tests keep the full package (its exports are the same).
  resolve: mode === 'test' ? {} : { alias: [{ find: /^hls\.js$/, replacement: 'hls.js/dist/hls.light.mjs' }] },
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
}));
