// The catalogue service: what routes, the importer and other server parts call.

export { listCategories, upsertCategories, type CategoryInput, type CategoryRow } from './categories';
export { categoryInfo, classArray, type CategoryInfo, type CategoryItem, type CategoryNode } from './category-tree';
export { catalogueConfig, importConfig } from './config';
export { formatVodTime, pickName, toDetailItem, toListItem, type ListVideoRecord, type VideoRecord, type VideoRow } from './format';
export { listPlaylistHosts, playlistHosts } from './play-hosts';
export { vodEnvelope, vodFailure, type VodEnvelope, type VodFailure } from './vod-response';
export { parseVodQuery, type NameLanguage, type VodQuery, type VodQueryResult } from './vod-query';
export { getVideo, listVideos, upsertVideos, type UpsertCounts, type VideoInput, type VideoPage } from './videos';
export { cachedAnswer, clearAnswers } from './response-cache';
