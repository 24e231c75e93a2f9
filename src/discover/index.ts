// The discover feature's public face: what the shell and the other features may use
// (the dependency rules, .dependency-cruiser.cjs). Lazy pages are imported by
// their own module instead, so their code stays in its own chunk.

export { VIDEO_NOT_FOUND, clearCatalogueCache, loadAllCategories, loadRelated, loadVideoDetail } from './catalogue/service';
export { AdSlot } from './ads/AdSlot';
