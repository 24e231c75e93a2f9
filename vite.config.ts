/// <reference types="vitest/config" />
// Build (app + module worker) and unit-test configuration in one file.
// Vitest only runs tests/**; Playwright specs under e2e/ are never picked up here.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin } from 'vite';
import { initialChunk } from './build/initial-chunk.js';
import { appPwa } from './build/pwa.js';

/**
 * hls.js's light UMD build as its own script (src/player/hls-umd.ts says why),
 * which index.html's inline script adds on the pages that play at once and
 * src/player/hls-load.ts on demand elsewhere: the build writes its address
 * into the inline script. The light build leaves out EME/DRM, subtitles,
 * alternate audio, CMCD and interstitials: the app plays clear
 * single-rendition clips. The file name carries a content hash, so the server
 * may cache it for good like the other assets.
 */
function hlsScript(): Plugin {
  const source = readFileSync(createRequire(import.meta.url).resolve('hls.js/dist/hls.light.min.js'));
  const fileName = `assets/hls.light-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
  return {
    name: 'clipfeed:hls-script',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes('__CLIPFEED_HLS_SCRIPT__')) throw new Error("index.html's inline script has no place for hls.js's address");
        return html.replace('__CLIPFEED_HLS_SCRIPT__', `/${fileName}`);
      },
    },
  };
}

/**
 * The stylesheets before the scripts and modulepreloads Vite writes ahead of
 * them. Over HTTP/1.1 (six connections) the CSS otherwise queues behind a
 * dozen module fetches, and it is render-blocking: the first paint waited for
 * it (measured 2.09 s -> 1.40 s to first paint on Slow 4G, issue 17). They stay
 * after the inline start-up script, which a pending stylesheet would hold back.
 */
function stylesheetsFirst(): Plugin {
  return {
    name: 'clipfeed:stylesheets-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>\n?\s*/g) ?? [];
        if (links.length === 0) return html;
        const rest = links.reduce((out, link) => out.replace(link, ''), html);
        const at = rest.search(/<script\b[^>]*\ssrc=/);
        if (at < 0) throw new Error('index.html has no script to put the stylesheets before');
        return rest.slice(0, at) + links.map((l) => `${l.trim()}\n    `).join('') + rest.slice(at);
      },
    },
  };
}

/**
 * The engine worker's built address into index.html's inline start-up script,
 * which starts the worker while the app's JavaScript still downloads (the
 * bridge adopts it: src/worker-bridge/bridge.ts). Without a build (vite dev) the
 * placeholder stays and the script skips it.
 */
function engineWorkerAddress(): Plugin {
  return {
    name: 'clipfeed:engine-worker-address',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const file = Object.keys(ctx.bundle ?? {}).find((name) => /(^|\/)engine\.worker-[\w-]+\.js$/.test(name));
        if (!file) throw new Error('the build has no engine worker to name in index.html');
        return html.replace('__CLIPFEED_ENGINE_WORKER__', `/${file}`);
      },
    },
  };
}

/**
 * What discover's first render needs beyond the app's own scripts, into
 * index.html's inline start-up script, which preloads it when the address
 * names a discover page: the page's chunk, the chunks it imports that the app's
 * entry does not, their stylesheets and the default language's deferred
 * strings (src/shell/App.tsx loads the page withAllStrings). They then arrive
 * with the app's JavaScript instead of one round trip after it (issue 17).
 * Without a build (vite dev) the placeholder stays and the script skips it.
 */
function discoverAssets(): Plugin {
  return {
    name: 'clipfeed:discover-assets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((file) => file.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (roots: string[]): Set<string> => {
          const seen = new Set<string>();
          const visit = (name: string) => {
            if (seen.has(name)) return;
            seen.add(name);
            for (const next of byName.get(name)?.imports ?? []) visit(next);
          };
          roots.forEach(visit);
          return seen;
        };
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html'));
        const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/discover/DiscoverPage.tsx'));
        if (!entry || !page) throw new Error('the build has no app entry or discover page to name in index.html');
        const initial = closure([entry.fileName]);
        // The deferred strings chunk the entry's i18n imports (only the build's default language's is named there).
        const strings = [...initial].flatMap((name) => byName.get(name)?.dynamicImports ?? []).find((name) => /\/src\/i18n\/deferred\/[^/]+\.ts$/.test(byName.get(name)?.facadeModuleId ?? ''));
        if (!strings) throw new Error('the build has no deferred strings chunk to name in index.html');
        const scripts = [...closure([page.fileName, strings])].filter((name) => !initial.has(name));
        const styles = scripts.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]);
        return html.replace('__CLIPFEED_DISCOVER_ASSETS__', [...scripts, ...styles].map((name) => `/${name}`).join(' '));
      },
    },
  };
}

/**
 * `ANALYZE=1 npm run build` also writes what each module costs (gzip) to
 * benchmarks/results/bundle-report.html: the evidence behind what loads first.
 */
const bundleReport = (): Plugin =>
  visualizer({ filename: 'benchmarks/results/bundle-report.html', template: 'treemap', gzipSize: true, brotliSize: true }) as Plugin;

export default defineConfig(({ mode }) => {
  const initial = initialChunk();
  return {
    plugins: [
      react(),
      initial.plugin,
      ...(mode === 'test' ? [] : [hlsScript(), engineWorkerAddress(), discoverAssets(), stylesheetsFirst()]),
      // The manifest, icons and service worker of the installable app (build/pwa.ts).
      ...(mode === 'test' ? [] : appPwa()),
      ...(process.env.ANALYZE ? [bundleReport()] : []),
    ],
    // In the page, 'hls.js' is src/player/hls-umd.ts (the script above, once it has run); tests keep the npm package.
    resolve: mode === 'test' ? {} : { alias: [{ find: /^hls\.js$/, replacement: fileURLToPath(new URL('./src/player/hls-umd.ts', import.meta.url)) }] },
    worker: { format: 'es' },
    // The start-up code as one chunk (build/initial-chunk.ts says why).
    build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', rolldownOptions: { output: { codeSplitting: initial.codeSplitting } } },
    test: {
      include: ['tests/**/*.test.ts'],
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  };
});
