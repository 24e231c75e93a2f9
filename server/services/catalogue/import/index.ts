// The upstream MacCMS importer (npm run catalogue:import): in this process, or
// through the running server that holds the PGlite directory (stream.ts).

export { importEndpoint, parseImportArgs, usage, type ImportArgs } from './args';
export { importCatalogue, type ImportOptions, type ImportSummary } from './run';
export { formatSummary } from './summary';
export { encodeLine, importStreamLine, ndjsonType, operatorImportPath, type ImportError, type ImportStreamLine } from './stream';
export { importThroughServer, type ThroughServerOptions, type ThroughServerResult } from './through-server';
