// The query of GET /api.php/provide/vod/, parsed once into a typed request.
// Empty values count as absent (clients send "wd=" and "t="); unknown keys
// are ignored (the app adds cache-busters). Anything else out of shape is a
// bad request with a message naming the parameter.

import { z } from 'zod';
import { INT4_MAX } from '../../db/limits';
import { catalogueConfig } from './config';

export type NameLanguage = (typeof catalogueConfig.nameLanguages)[number];

export interface VodQuery {
  /** 'list' gives short items and the class array; 'detail' (also videolist) every column. */
  ac: 'list' | 'detail';
  page: number;
  pageSize: number;
  typeId?: number;
  search?: string;
  hours?: number;
  ids?: number[];
  /** The vod_name_<lang> column to show as vod_name; undefined = vod_name itself. */
  nameLanguage?: NameLanguage;
}

/** How the answer is written, beside what it selects. */
export interface VodOutput {
  /** at=xml: MacCMS's RSS document; otherwise JSON. */
  format: 'json' | 'xml';
  /** HLS episode addresses point to our cleaned-playlist endpoint (clean=1 or the ad-free path). */
  clean: boolean;
  /**
   * The app's own fields (list vod_pic, vod_name_<lang>, the short clip): only when lang is sent, as
   * the app always does, so a plain MacCMS client sees MacCMS's field set and nothing else.
   */
  appFields: boolean;
}

export type VodQueryResult = { ok: true; query: VodQuery; output: VodOutput } | { ok: false; message: string };

/** One value per key: a repeated key (an array) is refused rather than guessed. */
export const single = (name: string) =>
  z
    .string({ error: `${name} must be given once, as text` })
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const positiveInt = (name: string, max?: number) =>
  single(name).transform((v, ctx) => {
    if (v === undefined) return undefined;
    const n = /^\d{1,16}$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1 || (max !== undefined && n > max)) {
      const range = max === undefined ? 'a positive integer' : `an integer from 1 to ${max}`;
      ctx.addIssue({ code: 'custom', message: `${name} must be ${range}, got "${v}"` });
      return z.NEVER;
    }
    return n;
  });

const ac = single('ac').transform((v, ctx) => {
  if (v === undefined || v === 'list') return 'list' as const;
  if (v === 'detail' || v === 'videolist') return 'detail' as const;
  ctx.addIssue({ code: 'custom', message: `ac must be list, detail or videolist, got "${v}"` });
  return z.NEVER;
});

const ids = single('ids').transform((v, ctx) => {
  if (v === undefined) return undefined;
  const parts = v.split(',').map((p) => p.trim());
  const numbers = parts.map((p) => (/^\d{1,16}$/.test(p) ? Number(p) : Number.NaN));
  if (numbers.some((n) => !Number.isSafeInteger(n) || n < 1 || n > INT4_MAX)) {
    ctx.addIssue({ code: 'custom', message: `ids must be integers from 1 to ${INT4_MAX} separated by commas, got "${v}"` });
    return z.NEVER;
  }
  const unique = [...new Set(numbers)];
  if (unique.length > catalogueConfig.maxIds) {
    ctx.addIssue({ code: 'custom', message: `ids may name at most ${catalogueConfig.maxIds} videos, got ${unique.length}` });
    return z.NEVER;
  }
  return unique;
});

/** Search text under query key `name` (wd here, keyword on /api/v2/search): at most maxSearchLength characters. */
export const searchText = (name: string) =>
  single(name).transform((v, ctx) => {
    if (v !== undefined && [...v].length > catalogueConfig.maxSearchLength) {
      ctx.addIssue({ code: 'custom', message: `${name} must be at most ${catalogueConfig.maxSearchLength} characters` });
      return z.NEVER;
    }
    return v;
  });

const LANGUAGE_TAG = /^[a-z]{2,3}(?:[-_][a-z0-9]{1,8})*$/i;

export const lang = single('lang').transform((v, ctx) => {
  if (v === undefined) return undefined;
  if (!LANGUAGE_TAG.test(v)) {
    ctx.addIssue({ code: 'custom', message: `lang must be a language code such as pt, en, ja, ko or zh, got "${v}"` });
    return z.NEVER;
  }
  const primary = v.slice(0, v.search(/[-_]|$/)).toLowerCase();
  return catalogueConfig.nameLanguages.find((l) => l === primary);
});

const at = single('at').transform((v, ctx) => {
  if (v === undefined || v === 'json') return 'json' as const;
  if (v === 'xml') return 'xml' as const;
  ctx.addIssue({ code: 'custom', message: `at must be json or xml, got "${v}"` });
  return z.NEVER;
});

const clean = single('clean').transform((v, ctx) => {
  if (v === undefined || v === '0' || v === 'false') return false;
  if (v === '1' || v === 'true') return true;
  ctx.addIssue({ code: 'custom', message: `clean must be 1 or 0, got "${v}"` });
  return z.NEVER;
});

const vodQuerySchema = z.object({
  ac,
  pg: positiveInt('pg'),
  t: positiveInt('t', INT4_MAX),
  h: positiveInt('h', catalogueConfig.maxHours),
  pagesize: positiveInt('pagesize', catalogueConfig.maxPageSize),
  limit: positiveInt('limit', catalogueConfig.maxPageSize),
  ids,
  wd: searchText('wd'),
  lang,
  at,
  clean,
});

function langGiven(raw: unknown): boolean {
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).lang : undefined;
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Page size: pagesize, else its alias limit, else the number of ids asked
 * for (so one detail call returns every id), else the default.
 */
export function parseVodQuery(raw: unknown, forceClean = false): VodQueryResult {
  const parsed = vodQuerySchema.safeParse(raw ?? {});
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => i.message).join('; ') };
  const q = parsed.data;
  const pageSize = q.pagesize ?? q.limit ?? (q.ids ? Math.max(q.ids.length, catalogueConfig.defaultPageSize) : catalogueConfig.defaultPageSize);
  return {
    ok: true,
    query: { ac: q.ac, page: q.pg ?? 1, pageSize, typeId: q.t, search: q.wd, hours: q.h, ids: q.ids, nameLanguage: q.lang },
    // A valid lang that names no vod_name_<lang> column (zh) still marks the app.
    output: { format: q.at, clean: forceClean || q.clean, appFields: langGiven(raw) },
  };
}
