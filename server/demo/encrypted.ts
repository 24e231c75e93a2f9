// Encrypted bases (issue 12): AES-128 under a key tag without an IV, the way
// some sources ship. A player then takes each segment's IV from its media
// sequence number (RFC 8216 §5.2), so a segment must be encrypted under the
// number it has in the playlist that plays it, the ads spliced before it
// included. ffmpeg takes the IV from its own segment counter (-start_number
// on), so such a base is encoded for the one video that plays it, whole: one
// HLS output per film part between mid-rolls, each starting at the number its
// first segment has in that video's playlist. The key is served next to the
// segments, as any AES-128 source's is: it only makes the player decrypt.

import { createHash } from 'node:crypto';
import { demoConfig, encryption } from './config';
import { demoPaths } from './encode';
import { spliceBreaks, type Entry } from './playlists';
import type { BaseSource, DemoPlan, DemoVideo, FilmPart } from './types';

/** The base's fixed key: a re-run writes the same bytes, and the content hash already covers the base id. */
export function demoKey(baseId: string): Buffer {
  return createHash('sha256').update(encryption.keyLabel + baseId).digest().subarray(0, encryption.keyBytes);
}

/** The IV a player derives from a media sequence number, as hex without 0x. */
export function sequenceIvHex(sequence: number): string {
  return sequence.toString(16).padStart(encryption.ivHexDigits, '0');
}

/**
 * ffmpeg's key info file: the key's URI as written into the part playlists (they sit one directory below it),
 * then the key file from ffmpeg's working directory. No third line: no IV.
 */
export function keyInfoText(base: BaseSource): string {
  return `../${encryption.keyFile}\n${demoPaths.key(base.id)}\n`;
}

/** The video that plays an encrypted base (planProblems makes sure there is exactly one). */
export function playerOf(plan: DemoPlan, base: BaseSource): DemoVideo | undefined {
  return plan.videos.find((v) => v.base === base.id);
}

/** The film cut at the video's mid-rolls, each part numbered as the spliced playlist will number it. */
export function filmParts(video: DemoVideo, plan: DemoPlan): FilmPart[] {
  const seg = demoConfig.segmentSeconds;
  // Placeholders counted the way ffmpeg cuts: whole segments, the last one shorter.
  const placeholders = (n: number, tag: string): Entry[] => Array.from({ length: n }, (_, i) => ({ duration: seg, uri: `${tag}${i}` }));
  const film = placeholders(Math.round(video.seconds / seg), ''); // named by their index alone
  const breaks = video.ads.map((b) => ({
    at: b.at,
    creatives: b.creatives.map((id) => {
      const c = plan.creatives.find((x) => x.id === id);
      return placeholders(c ? Math.ceil(c.seconds / c.segmentSeconds) : 0, 'ad');
    }),
  }));
  const parts: FilmPart[] = [];
  let sequence = 0;
  for (const block of spliceBreaks(film, breaks, seg)) {
    if (!block.ad) parts.push({ fromSeconds: video.startSeconds + Number(block.entries[0].uri) * seg, seconds: block.entries.length * seg, firstSequence: sequence });
    sequence += block.entries.length;
  }
  return parts;
}

/** What would make an encrypted base unplayable: it must be played whole by exactly one single-playlist video. */
export function encryptionProblems(plan: DemoPlan): string[] {
  const problems: string[] = [];
  for (const base of plan.bases.filter((b) => b.encrypted)) {
    const players = plan.videos.filter((v) => v.base === base.id);
    if (players.length !== 1) problems.push(`base ${base.id}: an encrypted base is numbered for one video, not ${players.length}`);
    if (base.renditions.length !== 1) problems.push(`base ${base.id}: an encrypted base has one rendition`);
    for (const v of players) {
      if (v.master || v.startSeconds !== 0 || v.seconds !== base.seconds) problems.push(`video ${v.slug}: plays encrypted base ${base.id}, so it plays all of it in one media playlist`);
    }
  }
  return problems;
}
