// Catalogue constants: the MacCMS-compatible API and the upstream importer.

import { pointsDefaults } from '../../config';

export const catalogueConfig = {
  defaultPageSize: 20, // MacCMS api pagesize default; the app asks limit=20 (spec 2 §9)
  maxPageSize: 100, // MacCMS caps pagesize at 100 (Provide.php); larger is a bad request here
  maxIds: 100, // ids per request
  maxSearchLength: 100, // characters of wd; longer is a bad request
  maxHours: 87_600, // h up to 10 years; larger is a bad request
  timeZone: pointsDefaults.timeZone, // vod_time is written as wall-clock time in the product's zone, as MacCMS writes its server's
  listMessage: '数据列表', // MacCMS's success msg for vod lists
  categoriesMessage: '获取成功', // success msg of get_all_categories
  upsertChunk: 500, // rows per INSERT statement (PostgreSQL allows 65535 parameters)
  nameLanguages: ['pt', 'en', 'ja', 'ko'] as const, // languages with a vod_name_<lang> column
  vodPaths: ['/api.php/provide/vod/', '/api.php/provide/vod'], // MacCMS's API path, with and without the slash
  adFreePrefix: '/noad', // the same API under this prefix always answers with cleaned HLS addresses (clients that append "?ac=..." to a base URL cannot add clean=1)
  xmlContentType: 'text/xml; charset=utf-8', // at=xml; MacCMS echoes with PHP's text/html, which would let a browser run HTML from a title
  responseCacheMs: 5_000, // catalogue answers are reused this long (the app itself caches videos 2 min, spec 2)
  responseCacheEntries: 1_000, // distinct queries kept before the cache starts over
  suggestDefaultLimit: 10, // suggestions per answer unless limit says otherwise (spec 2 §7, §9)
  suggestMaxLimit: 20, // limit above this is a bad request (ours: one screen of suggestions, twice over)
  suggestMaxQueryLength: 50, // characters of a suggestion's wd; longer is a bad request (ours: a title's start, not a text)
  suggestMinRomanised: 2, // letters typed before vod_en (the pinyin) is matched too: one letter would match half the catalogue (ours)
  suggestIndexTtlMs: 600_000, // the suggestion index is rebuilt after 10 min, so another process's import shows (ours; this process's writes rebuild it at once)
} as const;

export const importConfig = {
  requestTimeoutMs: 10_000, // per upstream request, body included (issue 3)
  retries: 4, // extra attempts after a timeout, network error, 429 or 5xx
  retryDelayMs: 500, // pause before retry n is this times 2^(n-1) (exponential back-off)
  maxRetryDelayMs: 60_000, // cap on one pause, Retry-After included (a source asking for an hour is not waited on)
  concurrency: 4, // list pages in flight at once (issue 18: polite to the source)
  requestsPerSecond: 10, // every request to the source, retries included, paced to at most this many a second
  detailBatchSize: 20, // ids per ac=detail request: MacCMS pages details at its pagesize, 20 by default
  maxPages: 100_000, // --pages upper bound (the whole source when not given)
  failedPagesInARow: 5, // an import stops after this many pages failed one after another (the source is down: resume later)
  syncMarginHours: 1, // an incremental sync asks h = hours since the last good sync, rounded up, plus this
  progressEveryMs: 5_000, // a plain progress line this often (not on a terminal, and through the server)
  progressEveryPages: 50, // or after this many pages, whichever comes first
  errorsKept: 20, // a run's first errors kept in the database for the status
  categoryMapFile: 'category-map.json', // in DATA_DIR: the operator's upstream -> local category ids, per source host
  upstreamUtcOffset: '+08:00', // MacCMS writes vod_time in its server zone, PRC unless changed
  quotedChars: 80, // how much of a non-JSON answer an error message quotes
  xmlMaxEntityExpansions: 1_000, // entity references one XML answer may expand (a DOCTYPE's entities cannot blow an answer up)
  xmlMaxExpandedLength: 100_000, // characters one expanded entity may reach
  listPath: '/api.php/provide/vod/', // appended when the import URL has no path
} as const;
