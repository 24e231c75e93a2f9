// One upstream detail item -> a catalogue row. The row is keyed by
// '<upstream host>:<upstream vod_id>' so a re-import updates it.

import type { VideoInput } from '../videos';
import { mappedVideoKeys, type UpstreamVideo } from './upstream-schema';
import { parseUpstreamTime } from './upstream-time';
import { stripScripts } from './sanitize';

export interface MapContext {
  /** URL.host of the source (with its port when not the default). */
  host: string;
  /** The local category id for the item's upstream type_id. */
  typeId: number;
  utcOffset: string;
  /** Used when the item carries no readable time. */
  now: Date;
}

export function sourceKey(host: string, vodId: number): string {
  return `${host}:${vodId}`;
}

export function toVideoInput(item: UpstreamVideo, ctx: MapContext): VideoInput {
  const extra = Object.fromEntries(Object.entries(item).filter(([key]) => !mappedVideoKeys.has(key)));
  return {
    typeId: ctx.typeId,
    vodName: item.vod_name,
    vodNamePt: item.vod_name_pt,
    vodNameEn: item.vod_name_en,
    vodNameJa: item.vod_name_ja,
    vodNameKo: item.vod_name_ko,
    vodSub: item.vod_sub,
    vodEn: item.vod_en,
    vodPic: item.vod_pic,
    vodRemarks: item.vod_remarks,
    vodArea: item.vod_area,
    vodLang: item.vod_lang,
    vodYear: item.vod_year,
    vodDirector: item.vod_director,
    vodActor: item.vod_actor,
    vodContent: stripScripts(item.vod_content),
    vodPlayFrom: item.vod_play_from,
    vodPlayServer: item.vod_play_server,
    vodPlayNote: item.vod_play_note,
    vodPlayUrl: item.vod_play_url,
    vodDuration: item.vod_duration,
    vodHits: item.vod_hits,
    vodTime: parseUpstreamTime(item.vod_time, ctx.utcOffset) ?? parseUpstreamTime(item.vod_time_add, ctx.utcOffset) ?? ctx.now,
    sourceKey: sourceKey(ctx.host, item.vod_id),
    extra,
  };
}
