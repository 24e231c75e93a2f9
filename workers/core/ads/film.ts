// What a playlist says about its film before any block is judged: its blocks,
// the strong ad evidence on them, the content profile read from the rest, the
// film's encodes, and whether the film's look is clear enough to judge blocks
// against it at all.

import { adConfig } from '../config';
import type { Segment } from '../types';
import { splitBlocks, type Block } from './blocks';
import { blockEncode, contentEncodes, profileEncode } from './encodes';
import { blocksWithRepeatedUris, strongEvidence, type AdReason } from './evidence';
import { continuity, type Continuity } from './numbering';
import { contentProfile, type Profile } from './profile';

export interface FilmFacts {
  segments: readonly Segment[];
  blocks: Block[];
  /** Strong ad evidence of each block, by block id. */
  strong: AdReason[][];
  /** The content profile, read from blocks without strong ad evidence. */
  profile: Profile;
  /** The encode of each block, by block id (null for a block mixing directories or templates). */
  encodes: (string | null)[];
  /** The film's encodes. */
  film: Set<string>;
  /** The profile a block is judged against: its own stitched part's when it is one. */
  profileOf: (b: Block) => Profile;
  /** Pieces of the film whose numbering runs on across other blocks, and the blocks they enclose. */
  runsOn: Continuity;
  /** Seconds of the blocks without strong ad evidence. */
  unmarkedSeconds: number;
  /** One look (directory and name template) holds most of the unmarked seconds. */
  lookKnown: boolean;
  /** The film's directory holds most of the seconds. */
  dirKnown: boolean;
}

export function readFilm(segments: readonly Segment[]): FilmFacts {
  const blocks = splitBlocks(segments, adConfig.thirdRuleMaxSeconds);
  const repeated = blocksWithRepeatedUris(blocks);
  const strong = blocks.map((b) => strongEvidence(b, repeated));
  // The content profile is read from blocks without strong ad evidence.
  const clean = blocks.filter((_b, i) => strong[i].length === 0);
  const profile = contentProfile(clean.length > 0 ? clean : blocks);
  const encodes = blocks.map((b) => blockEncode(b, profile));
  const film = contentEncodes(blocks, encodes, profile, strong);
  // Blocks of a stitched part in another directory are judged against that part.
  const mainEncode = profileEncode(profile);
  const profiles = new Map<string, Profile>([[mainEncode, profile]]);
  const profileOf = (b: Block): Profile => {
    const k = encodes[b.id];
    if (k === null || !film.has(k)) return profile;
    let p = profiles.get(k);
    if (!p) {
      p = contentProfile(blocks.filter((x) => encodes[x.id] === k && strong[x.id].length === 0));
      profiles.set(k, p);
    }
    return p;
  };
  const runsOn = continuity(blocks, encodes);
  // When no one look (directory and name template) holds most of the unmarked seconds (a
  // snippet of two look-alike parts, Apple's TN2288 example), nothing says which is the film.
  let filmSeconds = 0;
  let unmarkedSeconds = 0;
  for (const b of blocks) {
    if (strong[b.id].length > 0) continue;
    unmarkedSeconds += b.duration;
    if (encodes[b.id] !== null && film.has(encodes[b.id]!)) filmSeconds += b.duration;
  }
  const lookKnown = profile.share >= adConfig.filmShareMin || filmSeconds >= adConfig.filmShareMin * unmarkedSeconds;
  // Films named by random tokens split into several name templates; a block from another directory is
  // still judged when the film's directory holds most of the seconds (names alone never decide this).
  const dirKnown = profile.dirShare >= adConfig.filmShareMin;
  return { segments, blocks, strong, profile, encodes, film, profileOf, runsOn, unmarkedSeconds, lookKnown, dirKnown };
}
