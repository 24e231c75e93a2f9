// The installable app (issue 17 "Repeat visit"): the web app manifest and a
// Workbox service worker (vite-plugin-pwa, generateSW) that precaches the app
// shell and its hashed assets, so a second visit starts without the network
// and an offline start shows the app's own offline banner.
//
// What it never holds: playlists, media, keys and API answers. Those go to the
// network every time (no runtime caching at all), so nothing dynamic can be
// served stale; navigations fall back to the cached page only for the app's
// own address, never for the API or the media paths.

import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { pwaConfig } from '../src/shell/pwa/config.js';
import { APP_ICONS, appIcons } from './app-icons.js';

const DARK = '#000000'; // the page's own background and theme colour (index.html)

/** Files of the build the service worker precaches: the page, scripts, styles, fonts, icons. */
export const PRECACHE_GLOBS = ['**/*.{html,js,css,woff2,png,svg}'];
/** Never precached: the compressed copies the server makes (server/static/precompress.ts) and anything media-like. */
export const PRECACHE_IGNORES = ['**/*.br', '**/*.gz', '**/*.map', '**/*.{m3u8,ts,m4s,mp4,aac,key}'];
/** The app's own navigations: every page is `/` with a query (Workbox matches the path and the query). */
export const NAVIGATION_ALLOW = [/^\/(index\.html)?(\?|$)/];
/** Navigations that must reach the server even when the app's page is cached: API, sign-on, partner and payment pages, media. */
export const NAVIGATION_DENY = [/^\/api/, /^\/api\.php/, /^\/healthz/, /^\/sso/, /^\/partner/, /^\/pay/, /\.(m3u8|ts|m4s|mp4|aac|key)(\?|$)/i];

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  filename: pwaConfig.scriptUrl.slice(1),
  manifestFilename: pwaConfig.manifestUrl.slice(1),
  // The page registers it itself, late and lazily (src/shell/pwa/register.ts): no script in index.html.
  injectRegister: false,
  registerType: 'autoUpdate',
  includeManifestIcons: false,
  manifest: {
    name: 'clipfeed',
    short_name: 'clipfeed',
    description: 'Clipes curtos de vídeos longos, sem anúncios, para assistir deslizando.',
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/',
    scope: pwaConfig.scope,
    id: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: DARK,
    background_color: DARK,
    icons: [
      ...APP_ICONS.map((icon) => ({ src: `/${icon.file}`, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.maskable ? 'maskable' : 'any' })),
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  workbox: {
    globPatterns: PRECACHE_GLOBS,
    globIgnores: PRECACHE_IGNORES,
    // The failure page carries where it came from in its query; it is one file whatever the query.
    ignoreURLParametersMatching: [/^from$/, /^return$/, /^utm_/],
    navigateFallback: '/index.html',
    navigateFallbackAllowlist: NAVIGATION_ALLOW,
    navigateFallbackDenylist: NAVIGATION_DENY,
    // Nothing at run time: playlists, media, keys and API answers always come from the network.
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    // A new build takes over at once; the pages it serves are precached as one set.
    skipWaiting: true,
    clientsClaim: true,
    // One file: no separate workbox-*.js to fetch and keep in step.
    inlineWorkboxRuntime: true,
    sourcemap: false,
    // The hls.js script and the engine worker are the largest files; all of it is the shell.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
};

/** The build's PWA plugins: the icons first (they are in the output when the precache list is made), then the manifest and worker. */
export function appPwa(): Plugin[] {
  return [appIcons(), ...VitePWA(pwaOptions)];
}
