// Public entry of the pure engine: imported by the worker, tests, the server and the CLI.

export * from './types';
export * from './config';
export { parsePlaylist, splitLines, type ParseResult } from './parse';
export { createResolver, splitUrl } from './url';
export { writeMediaPlaylist, type WriteOptions } from './serialize';
export { detectAds, AdReason, type AdDetection, type BlockReport, type DetectOptions } from './ads/detect';
export { mergeIntervals, intervalAt } from './ads/intervals';
export { cleanPlaylist, buildCleanPlaylist, type CleanResult, type CleanOptions, type CleanPlaylist } from './clean';
export { prepareFromMedia, type PrepareOptions } from './pipeline';
export * from './random';
export * from './variant';
export * from './network-class';
export * from './classify';
export * from './clip';
export * from './play-url';
export * from './url-repair';
