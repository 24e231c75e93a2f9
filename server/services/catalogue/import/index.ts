// The upstream MacCMS importer (npm run catalogue:import): in this process, or
// through the running server that holds the PGlite directory (stream.ts).

export { importEndpoint, parseImportArgs, usage, type ImportArgs } from './args';
export { importCatalogue } from './run';
export { loadCategoryMap } from './category-map-file';
export { progressBar, progressLines } from './progress';
export { formatSummary } from './summary';
export { encodeLine, ndjsonType, operatorImportPath, type ImportError, type ImportStreamLine } from './stream';
export { importThroughServer, statusThroughServer } from './through-server';
