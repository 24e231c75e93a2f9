// The evidence gathered on each block against the film (see detect.ts): the
// strong, moderate and weak reasons, their weighted score, and where the block
// stands in the film's numbering.

import { adConfig } from '../config';
import type { Block } from './blocks';
import { AdReason, irregular, isAdSource, moderateEvidence, signature, weakEvidence } from './evidence';
import type { FilmFacts } from './film';
import { insertedInto, numberingOrders, type Order } from './numbering';
import { profileKey, type Profile } from './profile';
import { loneSplices } from './splices';

export interface Evidence {
  strong: AdReason[];
  moderate: AdReason[];
  weak: AdReason[];
  score: number;
  order: Order | undefined;
}

function weigh(moderate: readonly AdReason[], weak: readonly AdReason[]): number {
  let score = weak.length * adConfig.weakWeight;
  for (const r of moderate) score += r === AdReason.HostChange ? adConfig.hostChangeWeight : r === AdReason.AdPath ? adConfig.adPathWeight : adConfig.moderateWeight;
  return score;
}

/** Evidence that the block's files live elsewhere than the film's or are named unlike it. */
export const elsewhere = (e: Evidence): boolean =>
  e.moderate.includes(AdReason.HostChange) || e.moderate.includes(AdReason.DirChange) || e.moderate.includes(AdReason.NamePattern) || e.moderate.includes(AdReason.AdPath);
export const farAway = (e: Evidence): boolean => e.moderate.includes(AdReason.HostChange) || e.moderate.includes(AdReason.AdPath);

/**
 * Blocks spliced into the film: each run of consecutive blocks foreign to
 * every film encode (one break, of one or more creatives) that is no longer
 * than an ad break and has film right before and after it (or the playlist's
 * edge on one side).
 */
function splicedIntoFilm(blocks: readonly Block[], encodes: readonly (string | null)[], film: Set<string>, p: Profile): Set<number> {
  // A block of the film's encodes, or one mostly in the film's look (random tokens mix name templates, so such a block has no single encode).
  const look = `${p.dir}|${p.template}`;
  const looksLikeFilm = (b: Block): boolean => b.infos.filter((i) => profileKey(i) === look).length * 2 > b.infos.length;
  const isFilm = (b: Block | undefined): boolean => b !== undefined && ((encodes[b.id] !== null && film.has(encodes[b.id]!)) || looksLikeFilm(b));
  const out = new Set<number>();
  for (let from = 0; from < blocks.length; ) {
    if (isFilm(blocks[from])) {
      from++;
      continue;
    }
    let to = from;
    let seconds = 0;
    while (to < blocks.length && !isFilm(blocks[to])) seconds += blocks[to++].duration;
    const before = from > 0;
    const after = to < blocks.length;
    if ((before || after) && seconds <= adConfig.thirdRuleMaxSeconds) for (let k = from; k < to; k++) out.add(k);
    from = to;
  }
  return out;
}

/** The evidence of every block, by block id. `playFrom`: the catalogue's vod_play_from of this stream. */
export function gatherEvidence(facts: FilmFacts, playFrom: string | undefined): Evidence[] {
  const { segments, blocks, strong, profile, encodes, film, profileOf, runsOn } = facts;
  const signatures = new Map<string, number>();
  for (const b of blocks) {
    const s = signature(b);
    signatures.set(s, (signatures.get(s) ?? 0) + 1);
  }
  const adSource = isAdSource(playFrom);
  const orders = numberingOrders(blocks, profile, segments.length);
  const spliced = splicedIntoFilm(blocks, encodes, film, profile);
  const lone = loneSplices(segments);
  return blocks.map((b, i) => {
    const p = profileOf(b);
    const s = [...strong[i]];
    const order = p === profile ? orders.get(b.id) : undefined;
    const moderate = moderateEvidence(b, p, order, signatures);
    // Clear segments in an encrypted film: another source, but a film may start clear too. Between
    // encrypted parts of the film, or cut off from it by a discontinuity, they were put there.
    // No provider leaves part of its own film unencrypted: that is strong, whatever the names say.
    if (profile.encrypted && b.allClear) {
      const before = blocks[i - 1];
      const after = blocks[i + 1];
      const encrypted = (x: Block | undefined): boolean => x !== undefined && !x.allClear;
      const cutOff = (before === undefined || after === undefined) && (b.segments[0].discontinuity || (after?.segments[0].discontinuity ?? false));
      if ((encrypted(before) && encrypted(after)) || cutOff) s.push(AdReason.ClearInEncrypted);
      else moderate.push(AdReason.ClearInEncrypted);
    }
    // A lone splice cut exactly like a regularly cut film (its last segment aside) may be the film's own tail or part.
    const cutLikeFilm = encodes[b.id] !== null && film.has(encodes[b.id]!) && p.modalDuration !== null && !irregular(b, p);
    if (lone[b.first] === 1 && lone[b.last] === 1 && !cutLikeFilm) moderate.push(AdReason.LoneSplice);
    const inserted = p === profile ? insertedInto(blocks, b, profile) : null;
    if (inserted === 'across' || runsOn.inserted.has(b.id)) moderate.push(AdReason.Inserted);
    else if (inserted === 'before') moderate.push(AdReason.BeforeNumbering);
    else if (spliced.has(b.id)) moderate.push(AdReason.Interruption);
    const weak = weakEvidence(b, p, adSource);
    return { strong: s, moderate, weak, score: weigh(moderate, weak), order };
  });
}
