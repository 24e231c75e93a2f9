// The feed feature's public face: what the shell and the other features may use
// (the dependency rules, .dependency-cruiser.cjs). Lazy pages are imported by
// their own module instead, so their code stays in its own chunk.

export { FeedPage } from './FeedPage';
export { SsoRedirectOverlay } from './overlays/SsoRedirectOverlay';
export { configureFeed, pauseFeed, resumeFeed } from './store';
export { startFeed } from './playback/route';
export { videoRoutes } from './play-address';
export type { VideoRoute } from './play-address';
