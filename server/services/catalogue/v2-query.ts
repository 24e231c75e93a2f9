// Queries of the alternative catalogue backend (spec 2 §7 useAlternativeEndpoint:
// categories; videos by category, page, limit, lang; search by keyword, page,
// limit, lang; one video at /{id}), parsed into the same VodQuery the MacCMS
// answers use, so both backends read the catalogue the same way. Field rules
// (one value per key, bounds, lang) are vod-query.ts's.

import { z } from 'zod';
import { INT4_MAX } from '../../db/limits';
import { catalogueConfig } from './config';
import { lang, positiveInt, searchText, type VodQuery } from './vod-query';

const paging = {
  page: positiveInt('page'),
  limit: positiveInt('limit', catalogueConfig.maxPageSize),
  lang,
};

/** GET /api/v2/videos: category (with its children), hours (updated within, as MacCMS h). */
export const v2VideosQuery = z
  .object({ ...paging, category: positiveInt('category', INT4_MAX), hours: positiveInt('hours', catalogueConfig.maxHours) })
  .transform((q): VodQuery & { ac: 'detail' } => ({
    ac: 'detail',
    page: q.page ?? 1,
    pageSize: q.limit ?? catalogueConfig.defaultPageSize,
    typeId: q.category,
    hours: q.hours,
    nameLanguage: q.lang,
  }));

/** GET /api/v2/search: keyword is required. */
export const v2SearchQuery = z
  .object({ ...paging, keyword: searchText('keyword').pipe(z.string({ error: 'keyword is required' })) })
  .transform((q): VodQuery & { ac: 'detail' } => ({
    ac: 'detail',
    page: q.page ?? 1,
    pageSize: q.limit ?? catalogueConfig.defaultPageSize,
    search: q.keyword,
    nameLanguage: q.lang,
  }));

/** GET /api/v2/categories and /api/v2/videos/{id}: only lang. */
export const v2LangQuery = z.object({ lang });

export const v2VideoParams = z.object({ id: positiveInt('video id', INT4_MAX).pipe(z.number({ error: 'video id is required' })) });
