// Same-look ads (issue 19): ads encoded into the film's own directory, cut to
// its segment length and numbered in its sequence, so no playlist-reading
// detector can tell them apart; only their media differs (config.ts
// sameLookAds). Such a base is encoded for the one video that plays it, whole:
// one ffmpeg run writes each film part and each ad as an HLS output numbered
// from its place in that video's playlist (same-look-encode.ts).

import { writeMediaText, type Block, type Entry } from './playlists';
import type { BaseSource, DemoPlan, SameLookAd } from './types';

/** A film part or an ad, in play order. */
export interface SameLookBlock {
  /** Set on an ad. */
  ad?: SameLookAd;
  /** Film parts: where they start in the base, seconds. */
  fromSeconds: number;
  seconds: number;
  /** Where it starts in the playlist, seconds: film parts and most ads keep to this one timeline. */
  atSeconds: number;
  /** Its first segment's index in the playlist, so its first file's number. */
  firstSequence: number;
}

/** The film cut at each ad, ads in the order of their position; an ad at 0 is a pre-roll, at the end a post-roll. */
export function sameLookBlocks(base: BaseSource, segmentSeconds: number): SameLookBlock[] {
  const ads = [...(base.sameLook?.ads ?? [])].sort((a, b) => a.at - b.at);
  const blocks: SameLookBlock[] = [];
  let from = 0;
  let at = 0;
  const push = (block: Omit<SameLookBlock, 'atSeconds' | 'firstSequence'>) => {
    blocks.push({ ...block, atSeconds: at, firstSequence: Math.round(at / segmentSeconds) });
    at += block.seconds;
  };
  for (const ad of ads) {
    if (ad.at > from) push({ fromSeconds: from, seconds: ad.at - from });
    from = Math.max(from, ad.at);
    push({ ad, fromSeconds: from, seconds: ad.seconds });
  }
  if (from < base.seconds) push({ fromSeconds: from, seconds: base.seconds - from });
  return blocks;
}

export interface SameLookPlaylist {
  text: string;
  segments: number;
  /** 0-based indices of the ad segments. */
  mediaAdSegments: number[];
  /** The film's segments, in order. */
  film: Entry[];
}

/**
 * The one media playlist of a same-look base's video, from the entries its encode wrote (in block order).
 * Every block is written as film for the text: a DISCONTINUITY between blocks when the base asks for them,
 * else one run without any tag.
 */
export function sameLookPlaylist(base: BaseSource, entries: readonly Entry[], segmentSeconds: number): SameLookPlaylist {
  const blocks = sameLookBlocks(base, segmentSeconds);
  const counts = blocks.map((b) => Math.round(b.seconds / segmentSeconds));
  if (counts.reduce((a, b) => a + b, 0) !== entries.length) throw new Error(`demo content: ${base.id} was encoded into ${entries.length} segments, not the ${counts.join('+')} its ads ask for`);
  const cut: Block[] = [];
  const mediaAdSegments: number[] = [];
  const film: Entry[] = [];
  let index = 0;
  blocks.forEach((b, i) => {
    const part = entries.slice(index, index + counts[i]);
    if (b.ad) mediaAdSegments.push(...part.map((_e, k) => index + k));
    else film.push(...part);
    cut.push({ ad: false, entries: part });
    index += counts[i];
  });
  const { text } = writeMediaText(base.sameLook?.discontinuities ? cut : [{ ad: false, entries: [...entries] }]);
  return { text, segments: entries.length, mediaAdSegments, film };
}

/** What would make a same-look base unplayable or its labels wrong; empty when it is sound. */
export function sameLookProblems(plan: DemoPlan, segmentSeconds: number): string[] {
  const problems: string[] = [];
  const text = /^[A-Za-z0-9 ]+$/;
  for (const base of plan.bases.filter((b) => b.sameLook)) {
    const players = plan.videos.filter((v) => v.base === base.id);
    if (players.length !== 1) problems.push(`base ${base.id}: a same-look base is numbered for one video, not ${players.length}`);
    if (base.renditions.length !== 1 || base.encrypted) problems.push(`base ${base.id}: a same-look base has one clear rendition`);
    for (const v of players) {
      if (v.master || v.startSeconds !== 0 || v.seconds !== base.seconds || v.ads.length > 0) problems.push(`video ${v.slug}: plays same-look base ${base.id}, so it plays all of it in one media playlist, without spliced creatives`);
    }
    for (const ad of base.sameLook?.ads ?? []) {
      const whole = (s: number) => s % segmentSeconds === 0;
      if (!whole(ad.at) || ad.at < 0 || ad.at > base.seconds) problems.push(`base ${base.id}: a same-look ad at ${ad.at} s is not on a segment boundary of the film`);
      if (!whole(ad.seconds) || ad.seconds <= 0) problems.push(`base ${base.id}: a same-look ad must last a positive multiple of ${segmentSeconds} s`);
      if (!text.test(ad.label)) problems.push(`base ${base.id}: a same-look ad's label must be ASCII letters, digits and spaces`);
    }
  }
  return problems;
}
