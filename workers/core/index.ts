// Public entry of the pure engine: imported by the worker, tests, the server and the CLI.

export * from './types';
export * from './config';
export { parsePlaylist } from './parse';
export { writeMediaPlaylist } from './serialize';
export { detectAds } from './ads/detect';
export { cleanPlaylist, buildCleanPlaylist } from './clean';
export { prepareFromMedia } from './pipeline';
export * from './random';
export * from './variant';
export * from './network-class';
export * from './classify';
export * from './clip';
export * from './play-url';
export * from './url-repair';
export * from './media-probe/index';
