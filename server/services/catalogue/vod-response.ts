// The MacCMS v10 list envelope around a page of items.

import { catalogueConfig } from './config';

export interface VodEnvelope<T> {
  code: 1;
  msg: string;
  page: number;
  pagecount: number;
  /** MacCMS sends its configured page size as a string. */
  limit: string;
  total: number;
  list: T[];
  class?: { type_id: number; type_pid: number; type_name: string }[];
}

/** The failure envelope: code 0, a message fit to show, an empty list. */
export interface VodFailure {
  code: 0;
  msg: string;
  list: [];
}

/** pagecount is at least 1, so an empty result still reads "page 1 of 1" (spec 2 §5). */
export function vodEnvelope<T>(page: number, pageSize: number, total: number, list: T[]): VodEnvelope<T> {
  return {
    code: 1,
    msg: catalogueConfig.listMessage,
    page,
    pagecount: Math.max(1, Math.ceil(total / pageSize)),
    limit: String(pageSize),
    total,
    list,
  };
}

export function vodFailure(msg: string): VodFailure {
  return { code: 0, msg, list: [] };
}
