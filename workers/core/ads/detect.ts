// Ad detection by block scoring (ARCHITECTURE.md "Ad handling"). Each block is
// weighed against the film on evidence. Precision first: removing real content
// is worse than missing an ad, so
//   - a block that continues the content's file-name sequence in the content's
//     directory is content, whatever its length; only strong evidence (ad
//     markers, clear segments inside an encrypted stream, segment URLs played
//     twice) outweighs that, since no single encode produces those;
//   - the block holding most of the content is never an ad, nor are the pieces
//     of any encode that holds minutes of film (stitched parts: encodes.ts);
//   - weak hints alone never remove a block; length alone never does either.
// Ads are still caught where they hide best:
//   - a stranger to every encode of the film (another host, directory or name
//     stem) the length of an ad break (<= adBlockMaxSeconds) is a pod, unless it
//     is a cut from deep inside another numbered encode (a recap);
//   - in hash-named films nothing vouches for a block by name, so a block of
//     the film's own encode that interrupts it (film right before and after, or
//     the playlist's edge) and is no longer than an ad break is a pod.

import { adConfig } from '../config';
import type { AdInterval, MediaPlaylist } from '../types';
import { splitBlocks, type Block } from './blocks';
import { AdReason, blocksWithRepeatedUris, evidenceKinds, irregular, isLocation, isAdSource, moderateEvidence, signature, strongEvidence, weakEvidence } from './evidence';
import { blockEncode, contentEncodes, deepCut, profileEncode } from './encodes';
import { continuesNeighbour, continuity, insertedInto, numberingOrders, ownEncodeBlocks, type Order } from './numbering';
import { contentProfile, profileKey, type Profile } from './profile';
import { mergeIntervals } from './intervals';
import { loneSplices } from './splices';

export { AdReason } from './evidence';

export interface BlockReport {
  first: number;
  last: number;
  start: number;
  end: number;
  isAd: boolean;
  confidence: number;
  score: number;
  reasons: AdReason[];
}

export interface AdDetection {
  /** Ad intervals on the playlist timeline, merged when closer than 2 s. */
  intervals: AdInterval[];
  /** 0-based indices of the ad segments, in order. */
  adSegments: number[];
  blocks: BlockReport[];
  /** Confidence of the whole result, 0..1. */
  confidence: number;
}

export interface DetectOptions {
  /** The catalogue's vod_play_from of this stream. */
  playFrom?: string;
}

interface Evidence {
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

/** Evidence that the block's files live elsewhere than the film's or are named unlike it. */
const elsewhere = (e: Evidence): boolean =>
  e.moderate.includes(AdReason.HostChange) || e.moderate.includes(AdReason.DirChange) || e.moderate.includes(AdReason.NamePattern) || e.moderate.includes(AdReason.AdPath);
const farAway = (e: Evidence): boolean => e.moderate.includes(AdReason.HostChange) || e.moderate.includes(AdReason.AdPath);

/**
 * Segments at the start or end of an ad block that are in the film's look
 * (directory and name template) while the rest of the block is not: an ad
 * opened by a discontinuity and never closed, the film going on in the same
 * group (or the film's last segments before an ad that only a discontinuity
 * closes). Directories that change at most splices stop cutting blocks
 * (blocks.ts), so such a group stays one block. Segments under ad markers stay ad.
 */
function filmEdges(b: Block, p: Profile): { head: number; tail: number } {
  const n = b.segments.length;
  const none = { head: 0, tail: 0 };
  if (b.infos.length !== n) return none;
  const film = (k: number): boolean => b.infos[k].dir === p.dir && b.infos[k].name.template === p.template && !b.infos[k].marked;
  let head = 0;
  while (head < n && film(head)) head++;
  let tail = 0;
  while (tail < n - head && film(n - 1 - tail)) tail++;
  if (head + tail === 0 || head + tail >= n) return none;
  // Only where the ad itself lives elsewhere: names alone are no boundary (hash-named films mix name shapes).
  for (let k = head; k < n - tail; k++) if (b.infos[k].dir === p.dir) return none;
  return { head, tail };
}

export function detectAds(playlist: MediaPlaylist, options: DetectOptions = {}): AdDetection {
  const blocks = splitBlocks(playlist.segments, adConfig.thirdRuleMaxSeconds);
  const repeated = blocksWithRepeatedUris(blocks);
  const strong = blocks.map((b) => strongEvidence(b, repeated));
  // The content profile is read from blocks without strong ad evidence.
  const clean = blocks.filter((_b, i) => strong[i].length === 0);
  const profile = contentProfile(clean.length > 0 ? clean : blocks);
  const signatures = new Map<string, number>();
  for (const b of blocks) {
    const s = signature(b);
    signatures.set(s, (signatures.get(s) ?? 0) + 1);
  }
  const adSource = isAdSource(options.playFrom);
  const orders = numberingOrders(blocks, profile, playlist.segments.length);
  const own = ownEncodeBlocks(blocks, profile, strong, playlist.segments.length);
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
  const spliced = splicedIntoFilm(blocks, encodes, film, profile);
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
  const lone = loneSplices(playlist.segments);
  const evidence: Evidence[] = blocks.map((b, i) => {
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
  // The main block: the longest block that would not be an ad even if it were short.
  let main: Block | undefined;
  // Never a block that the film's own numbering runs across.
  for (const b of blocks) {
    const e = evidence[b.id];
    if (e.strong.length > 0 || e.score >= adConfig.shortScoreNeeded || runsOn.inserted.has(b.id)) continue;
    if (!main || b.duration > main.duration) main = b;
  }
  if (!main) for (const b of blocks) if (evidence[b.id].strong.length === 0 && !runsOn.inserted.has(b.id) && (!main || b.duration > main.duration)) main = b;
  const mainDuration = main?.duration ?? 0;
  // Which look is the film's: the one holding most seconds, or a main block far longer than the one judged.
  // A film look of a few seconds (a pasted excerpt) says little about what the film looks like,
  // unless numbering running across other blocks shows which pieces are the film.
  const lookSeconds = profile.share * unmarkedSeconds;
  const enoughFilm = Math.max(lookSeconds, mainDuration) >= adConfig.filmMinSeconds || runsOn.pieces.size > 0;
  const filmKnown = (b: Block): boolean =>
    runsOn.inserted.has(b.id) ||
    (enoughFilm && (lookKnown || (dirKnown && b.infos.some((i) => i.dir !== profile.dir)) || mainDuration >= adConfig.mainOverJudged * b.duration));

  const reports: BlockReport[] = blocks.map((b) => {
    const e = evidence[b.id];
    const report: BlockReport = { first: b.first, last: b.last, start: b.start, end: b.start + b.duration, isAd: false, confidence: 1, score: e.score, reasons: [] };
    const reasons = report.reasons;
    if (b === main) {
      reasons.push(AdReason.MainContent);
      return report;
    }
    // A CUE-IN ends a break: what follows is the programme again unless strong evidence says otherwise.
    if (e.strong.length === 0 && b.segments[0].markers.includes('cue-in')) {
      reasons.push(AdReason.ResumedByCueIn);
      report.confidence = 0.95;
      return report;
    }
    if (e.strong.length === 0 && (e.order === 'continues' || continuesNeighbour(blocks, b, strong) || runsOn.pieces.has(b.id))) {
      reasons.push(AdReason.ContinuesSequence);
      report.confidence = 0.95;
      return report;
    }
    if (own.has(b.id)) {
      reasons.push(AdReason.OwnEncode);
      report.confidence = 0.95;
      return report;
    }
    reasons.push(...e.strong, ...e.moderate, ...e.weak);
    const short = b.duration < adConfig.shortBlockSeconds;
    const underThird = b.duration < mainDuration * adConfig.mainBlockFraction && b.duration <= adConfig.thirdRuleMaxSeconds;
    if (short) reasons.push(AdReason.Short);
    else if (underThird) reasons.push(AdReason.UnderThird);
    const home = encodes[b.id] !== null && film.has(encodes[b.id]!);
    // A recap is cut from another episode's files: another directory. A deep counter in the film's own directory is an ad's own numbering.
    const recap = deepCut(b) && e.moderate.includes(AdReason.DirChange) && !farAway(e);
    const stranger = !home && !recap;
    const kinds = evidenceKinds([...e.moderate, ...e.weak]);
    // Spliced in without any tag, in the film's own directory: nothing but the names and
    // the placement set it apart, as a renamed file of the film would be. One kind more.
    const untagged = !b.segments[0].discontinuity && !(blocks[b.id + 1]?.segments[0].discontinuity ?? false) && !e.moderate.some(isLocation);
    const needed = adConfig.kindsNeeded + (untagged ? 1 : 0);
    if (e.strong.length > 0) {
      report.isAd = true;
      report.confidence = adConfig.strongConfidence;
    } else if (!filmKnown(b) || kinds < needed) {
      report.confidence = Math.max(0.5, 1 - 0.15 * e.score);
    } else if (
      (short && e.score >= adConfig.shortScoreNeeded) ||
      // A stranger to every encode of the film, the length of an ad break.
      (stranger && b.duration <= adConfig.adBlockMaxSeconds && e.score >= adConfig.strangerScoreNeeded && elsewhere(e)) ||
      // Longer blocks on the film's own host are stitched parts or recaps far more often than ads.
      (stranger && underThird && e.score >= adConfig.thirdScoreNeeded && farAway(e)) ||
      // A lone splice the length of an ad break in a film that runs on for minutes between discontinuities.
      (e.moderate.includes(AdReason.LoneSplice) && b.duration <= adConfig.adBlockMaxSeconds && !recap)
    ) {
      report.isAd = true;
      report.confidence = Math.min(adConfig.strictConfidenceMax + 0.1, adConfig.strictConfidenceMin + 0.05 * e.score);
    } else {
      report.confidence = Math.max(0.5, 1 - 0.15 * e.score);
    }
    return report;
  });

  // A block of the film's own encode that nothing vouches for (hash names,
  // numbering off the film's), the length of an ad break, with the film right
  // before and after it (or at the playlist's edge): a pod spliced in.
  blocks.forEach((b, i) => {
    const r = reports[i];
    if (!filmKnown(b) || r.isAd || b === main || r.reasons.includes(AdReason.ContinuesSequence) || r.reasons.includes(AdReason.OwnEncode) || r.reasons.includes(AdReason.ResumedByCueIn)) return;
    const k = encodes[b.id];
    if (k === null || !film.has(k) || b.duration > adConfig.adBlockMaxSeconds) return;
    const e = evidence[b.id];
    if (e.order === 'fits') return;
    // Its timing is the only thing that can set it apart (placement is the other kind): a film
    // cut at one duration, and a block cut otherwise. A film cut irregularly is chopped into
    // short parts as often as it carries ads: those parts stay.
    const p = profileOf(b);
    if (p.modalDuration === null || !irregular(b, p)) return;
    const neighbours = [blocks[i - 1], blocks[i + 1]].filter((x): x is Block => x !== undefined);
    if (neighbours.length === 0) return;
    if (!neighbours.every((x) => encodes[x.id] === k && !reports[x.id].isAd && x.duration > b.duration)) return;
    r.isAd = true;
    r.reasons.push(AdReason.Interruption);
    r.confidence = adConfig.strictConfidenceMin;
  });

  // Between two discontinuities lies one splice: a short run whose pieces
  // (split by a change of name or directory) include an ad is ad throughout.
  const vouched = (r: BlockReport): boolean =>
    r.reasons.includes(AdReason.MainContent) ||
    r.reasons.includes(AdReason.ContinuesSequence) ||
    r.reasons.includes(AdReason.OwnEncode) ||
    r.reasons.includes(AdReason.ResumedByCueIn);
  for (let from = 0; from < blocks.length; ) {
    let to = from + 1;
    while (to < blocks.length && !blocks[to].segments[0].discontinuity) to++;
    const run = reports.slice(from, to);
    const seconds = run.reduce((sum, r) => sum + (r.end - r.start), 0);
    if (run.length > 1 && seconds <= adConfig.adBlockMaxSeconds && run.some((r) => r.isAd) && !run.some(vouched)) {
      // An ad opened by a discontinuity and never closed: the film that goes on in the same group stays.
      for (let k = from; k < to; k++) {
        const r = reports[k];
        const own = evidence[k].order === 'continues' || evidence[k].order === 'fits';
        if (r.isAd || own) continue;
        r.isAd = true;
        r.reasons.push(AdReason.SameSplice);
        r.confidence = adConfig.strictConfidenceMin;
      }
    }
    from = to;
  }

  const adSegments: number[] = [];
  const rawIntervals: AdInterval[] = [];
  blocks.forEach((b, i) => {
    const r = reports[i];
    if (!r.isAd) return;
    const { head, tail } = filmEdges(b, profile);
    const first = b.first + head;
    const last = b.last - tail;
    for (let k = first; k <= last; k++) adSegments.push(k);
    if (head + tail > 0) {
      r.first = first;
      r.last = last;
      r.start = b.segments[head].start;
      r.end = b.segments[b.segments.length - 1 - tail].start + b.segments[b.segments.length - 1 - tail].duration;
    }
    rawIntervals.push({ start: r.start, end: r.end, index: first });
  });
  const decided = reports.map((r) => r.confidence);
  return {
    intervals: mergeIntervals(rawIntervals, adConfig.mergeGapSeconds),
    adSegments,
    blocks: reports,
    confidence: decided.length ? Math.min(...decided) : 1,
  };
}
