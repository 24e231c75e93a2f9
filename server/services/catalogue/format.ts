// Database rows -> MacCMS v10 JSON items. MacCMS types: ids are numbers,
// vod_time is 'YYYY-MM-DD HH:mm:ss' wall-clock time, everything else as stored.

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

/** ac=list item: MacCMS's short field set in its order, sources joined by ',' as MacCMS does; vod_pic only for the app (its lists show posters). */
export function toListItem(row: ListVideoRecord, language: NameLanguage | undefined, withPoster: boolean) {
  const item = {
    vod_id: row.vodId,
    vod_name: pickName(row, language),
    type_id: row.typeId,
    type_name: row.typeName,
    vod_en: row.vodEn,
    vod_time: formatVodTime(row.vodTime),
    vod_remarks: row.vodRemarks,
    vod_play_from: row.vodPlayFrom.split('$$$').join(','),
  };
  return withPoster ? { ...item, vod_pic: row.vodPic } : item;
}

/** A MacCMS text column kept in `extra` by the import (vod_serial...), else MacCMS's default. */
function extraText(row: VideoRecord, key: string, fallback: string): string {
  const value = (row.extra as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : fallback;
}

/**
 * ac=detail item: the mac_vod columns we hold, in mac_vod's column order and with its JSON types (vod_serial
 * and vod_duration are varchar there, so strings), then type_name, appended last as MacCMS does. An
 * explicit list, so a bookkeeping column added to the table never leaks to clients.
 */
export function toMaccmsDetailItem(row: VideoRecord, language: NameLanguage | undefined) {
  return {
    vod_id: row.vodId,
    type_id: row.typeId,
    vod_name: pickName(row, language),
    vod_sub: row.vodSub,
    vod_en: row.vodEn,
    vod_pic: row.vodPic,
    vod_actor: row.vodActor,
    vod_director: row.vodDirector,
    vod_remarks: row.vodRemarks,
    vod_serial: extraText(row, 'vod_serial', '0'),
    vod_area: row.vodArea,
    vod_lang: row.vodLang,
    vod_year: row.vodYear,
    vod_hits: row.vodHits,
    vod_duration: row.vodDuration === null ? '' : String(row.vodDuration),
    vod_time: formatVodTime(row.vodTime),
    vod_content: row.vodContent,
    vod_play_from: row.vodPlayFrom,
    vod_play_server: row.vodPlayServer,
    vod_play_note: row.vodPlayNote,
    vod_play_url: row.vodPlayUrl,
    type_name: row.typeName,
  };
}

export type MaccmsDetailItem = ReturnType<typeof toMaccmsDetailItem>;

/**
 * The app's detail item: the MacCMS item plus every vod_name_<lang>, and for a video with a short clip
 * (spec 1 §3) short_m3u8_url and shortVideoId, and m3u8_url, the stream the clip was cut from (the feed's
 * play address comes first from m3u8_url, so full-video mode keeps the whole video). `origin` makes the
 * clip's address absolute; without one the clip is left out.
 */
export function toDetailItem(row: VideoRecord, language: NameLanguage | undefined, origin?: string): Record<string, unknown> {
  const item: Record<string, unknown> = {
    ...toMaccmsDetailItem(row, language),
    vod_name_pt: row.vodNamePt,
    vod_name_en: row.vodNameEn,
    vod_name_ja: row.vodNameJa,
    vod_name_ko: row.vodNameKo,
  };
  if (row.clipId !== null && row.clipSource && origin) {
    item.m3u8_url = row.clipSource;
    item.short_m3u8_url = shortVideoPlaylistUrl(row.clipId, origin);
    item.shortVideoId = row.clipId;
  }
  return item;
}
