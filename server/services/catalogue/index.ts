// The catalogue service: what routes, the importer and other server parts call.

export { listCategories, upsertCategories, type CategoryInput } from './categories';
export { categoryInfo } from './category-tree';
export { catalogueConfig } from './config';
export { toDetailItem } from './format';
export { listPlaylistHosts } from './play-hosts';
export { vodEnvelope, vodFailure } from './vod-response';
export { parseVodQuery, type VodQuery } from './vod-query';
export { vodAnswer } from './vod-answer';
export { getVideo, listVideos, upsertVideos, type UpsertCounts, type VideoInput } from './videos';
export { cachedAnswer } from './response-cache';
export { parseSuggestQuery } from './suggest-query';
export { suggest, suggestIndexFor } from './suggest-index';
export { v2LangQuery, v2SearchQuery, v2VideoParams, v2VideosQuery } from './v2-query';
