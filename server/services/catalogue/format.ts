// Database rows -> MacCMS v10 JSON items. MacCMS types: ids are numbers,
// vod_time is 'YYYY-MM-DD HH:mm:ss' wall-clock time, everything else as stored.

import { getTableColumns } from 'drizzle-orm';
import { videos } from '../../db/schema/catalogue';
import { shortVideoPlaylistUrl } from '../short-videos/views';
import { catalogueConfig } from './config';
import type { NameLanguage } from './vod-query';

export type VideoRow = typeof videos.$inferSelect;

/** A stored video with its category name ('' when the category is missing) and its newest short clip (null: none). */
export type VideoRecord = VideoRow & { typeName: string; clipId: number | null; clipSource: string | null };

export type ListVideoRecord = Pick<
  VideoRecord,
  'vodId' | 'vodName' | 'vodNamePt' | 'vodNameEn' | 'vodNameJa' | 'vodNameKo' | 'typeId' | 'typeName' | 'vodEn' | 'vodTime' | 'vodRemarks' | 'vodPlayFrom' | 'vodPic'
>;

type Names = Pick<VideoRecord, 'vodName' | 'vodNamePt' | 'vodNameEn' | 'vodNameJa' | 'vodNameKo'>;

const NAME_COLUMN = { pt: 'vodNamePt', en: 'vodNameEn', ja: 'vodNameJa', ko: 'vodNameKo' } as const satisfies Record<NameLanguage, keyof Names>;

/** The title for a language: its vod_name_<lang> when present (not blank), else vod_name. */
export function pickName(row: Names, language: NameLanguage | undefined): string {
  const localized = language ? row[NAME_COLUMN[language]] : null;
  return localized && localized.trim() !== '' ? localized : row.vodName;
}

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: catalogueConfig.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:mm:ss' in the catalogue's time zone, as PHP's date() writes it. */
export function formatVodTime(time: Date): string {
  const p = Object.fromEntries(wallClock.formatToParts(time).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** ac=list item: MacCMS's short field set plus vod_pic (the app's lists show posters); sources joined by ',' as MacCMS does. */
export function toListItem(row: ListVideoRecord, language: NameLanguage | undefined) {
  return {
    vod_id: row.vodId,
    vod_name: pickName(row, language),
    type_id: row.typeId,
    type_name: row.typeName,
    vod_en: row.vodEn,
    vod_time: formatVodTime(row.vodTime),
    vod_remarks: row.vodRemarks,
    vod_play_from: row.vodPlayFrom.split('$$$').join(','),
    vod_pic: row.vodPic,
  };
}

/** Table columns that are not part of the MacCMS record (bookkeeping). */
const INTERNAL_COLUMNS = new Set(['sourceKey', 'extra']);

const DETAIL_COLUMNS = Object.entries(getTableColumns(videos))
  .filter(([key]) => !INTERNAL_COLUMNS.has(key))
  .map(([key, column]) => ({ key: key as keyof VideoRow, name: column.name }));

/**
 * ac=detail item: every vod_* column under its column name, then type_name (as MacCMS appends it). A video
 * with a short clip also carries it (spec 1 §3): short_m3u8_url and shortVideoId, and m3u8_url, the stream
 * the clip was cut from (the feed's play address comes first from m3u8_url, so full-video mode keeps the
 * whole video). `origin` makes the clip's address absolute; without one the clip is left out.
 */
export function toDetailItem(row: VideoRecord, language: NameLanguage | undefined, origin?: string): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const { key, name } of DETAIL_COLUMNS) item[name] = row[key];
  item.vod_name = pickName(row, language);
  item.vod_time = formatVodTime(row.vodTime);
  item.type_name = row.typeName;
  if (row.clipId !== null && row.clipSource && origin) {
    item.m3u8_url = row.clipSource;
    item.short_m3u8_url = shortVideoPlaylistUrl(row.clipId, origin);
    item.shortVideoId = row.clipId;
  }
  return item;
}
