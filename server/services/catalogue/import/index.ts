// The upstream MacCMS importer (npm run catalogue:import).

export { parseImportArgs, usage, type ImportArgs } from './args';
export { importCatalogue, type ImportOptions, type ImportSummary } from './run';
export { formatSummary } from './summary';
