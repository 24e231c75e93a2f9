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
  retries: 2, // extra attempts after a timeout, network error or 5xx
  retryDelayMs: 500, // pause before retry n is n times this
  detailBatchSize: 20, // ids per ac=detail request: MacCMS pages details at its pagesize, 20 by default
  defaultPages: 1, // list pages imported when --pages is not given
  maxPages: 100_000, // --pages upper bound
  upstreamUtcOffset: '+08:00', // MacCMS writes vod_time in its server zone, PRC unless changed
  quotedChars: 80, // how much of a non-JSON answer an error message quotes
  listPath: '/api.php/provide/vod/', // appended when the import URL has no path
} as const;
