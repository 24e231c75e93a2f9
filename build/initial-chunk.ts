// The feed's first visit in as few files as possible (issue 17, cold first
// frame). By default the bundler cuts the page's start-up code into about
// fifteen chunks: every module the lazy pages (discover, video pages, sheets)
// share with the start is split out on its own. The server speaks HTTP/1.1,
// so a phone fetches six files at a time; on Slow 4G (~560 ms a round trip)
// fifteen files cost three round trips, and the first fragment's request
// queued behind them (measured: sent ~780 ms late). One group now holds the
// start's whole static import graph, so the page loads one app script (plus
// hls.js, and the default language's strings, which the lazy language packs
// share); the lazy chunks import from it.
//
// The locale files stay out of the group: bundled-pack.ts names every
// language's first-screen files in branches the build drops (its own comment
// says why), so they are in the static graph without being used; captured,
// they would all ship with the first visit. includeDependenciesRecursively is
// off for the same reason (a captured module would drag them back in); the
// group still holds every other module of the graph, so no chunk cycle should
// form, and the build stops if one does (a cycle between chunks can run a
// module before one it needs). e2e/first-visit-files.spec.ts counts the files.

import type { Plugin } from 'vite';

const LOCALE_FILE = /[\\/]src[\\/]i18n[\\/]locales[\\/]/;

export interface InitialChunk {
  /** Records the entry's static import graph when the module graph is complete (before chunking). */
  plugin: Plugin;
  /** The build's code-splitting option: the recorded graph, less the locale files, as one chunk. */
  codeSplitting: { groups: { name: string; includeDependenciesRecursively: boolean; test: (id: string) => boolean }[] };
}

export function initialChunk(): InitialChunk {
  const initial = new Set<string>();
  const plugin: Plugin = {
    name: 'clipfeed:initial-chunk',
    apply: 'build',
    buildEnd() {
      initial.clear();
      const visit = (id: string) => {
        if (initial.has(id)) return;
        initial.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
    },
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') imports.set(file.fileName, file.imports);
      const state = new Map<string, 'open' | 'done'>();
      const visit = (name: string, path: string[]) => {
        if (state.get(name) === 'done') return;
        if (state.get(name) === 'open') throw new Error(`chunk cycle: ${[...path, name].join(' -> ')}`);
        state.set(name, 'open');
        for (const next of imports.get(name) ?? []) visit(next, [...path, name]);
        state.set(name, 'done');
      };
      for (const name of imports.keys()) visit(name, []);
    },
  };
  const test = (id: string) => initial.has(id) && !LOCALE_FILE.test(id);
  return { plugin, codeSplitting: { groups: [{ name: 'app', includeDependenciesRecursively: false, test }] } };
}
