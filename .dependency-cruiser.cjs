// The dependency rules of the layout (issue 14; README "Layout" is the map).
// `npm run lint:deps` checks them and CI fails on a violation.
//
// src/ has three tiers:
//   shell      src/shell (frame, boot, start-up, tab bar, sheet host), src/main.tsx
//   features   feed, discover, video, account, promotion, help, diagnostics
//   shared     router, player, api, worker-bridge, notices, errors, server-config, analytics, i18n, ui, lib
// Imports point down only: shell -> features -> shared. Features reach each
// other (and the shell reaches them) only through a feature's index.ts, except
// by dynamic import (a lazy page is loaded by its own module, or the code
// split is lost). Page code takes only types from workers/, except
// workers/core, which page, worker and server share.

const FEATURES = 'feed|discover|video|account|promotion|help|diagnostics';
const SHARED = 'router|player|api|worker-bridge|notices|errors|server-config|analytics|i18n|ui|lib';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment:
        'A loop between modules makes both halves one unit: break it by moving the shared part down. ' +
        'A loop closed only by type imports runs no code in a circle, so it is allowed: two modules may name each other\'s types.',
      severity: 'error',
      from: { path: '^(src|workers|server)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'shared-not-upwards',
      comment: 'Shared layers serve features and the shell; they never import them.',
      severity: 'error',
      from: { path: `^src/(${SHARED})/` },
      to: { path: [`^src/(${FEATURES})/`, '^src/shell/', '^src/main\\.tsx$'] },
    },
    {
      name: 'features-not-shell',
      comment: 'A feature never reaches up into the shell.',
      severity: 'error',
      from: { path: `^src/(${FEATURES})/` },
      to: { path: ['^src/shell/', '^src/main\\.tsx$'] },
    },
    {
      name: 'feature-through-index',
      comment: "Another feature is reached through its index.ts (its public face); a lazy page by dynamic import.",
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: {
        path: `^src/(${FEATURES})/`,
        pathNot: ['^src/$1/', `^src/(${FEATURES})/index\\.tsx?$`],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'ui-presentational',
      comment: 'ui/ is presentational: no stores, no router, no player, no workers.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: ['^src/(router|player|worker-bridge|notices|server-config)/', '^workers/'] },
    },
    {
      name: 'api-is-a-leaf',
      comment: 'api/ (typed clients) depends on nothing of ours but lib/.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/', pathNot: ['^src/(api|lib)/'] },
    },
    {
      name: 'lib-is-a-leaf',
      comment: 'lib/ (storage, clock, small helpers) depends on nothing of ours.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/lib/' },
    },
    {
      name: 'page-takes-types-from-workers',
      comment: 'The page runs the workers through worker-bridge/; it imports only types from workers/, except the shared pure core.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^workers/', pathNot: '^workers/core/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'workers-not-page',
      comment: 'Worker code never imports page code.',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^src/' },
    },
    {
      name: 'server-not-page',
      comment: 'The server shares workers/core with the page, never src/ (the locales excepted: the server renders the partner pages in the same words).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/i18n/locales/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^node_modules', '^dist'] },
    includeOnly: '^(src|workers|server)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
