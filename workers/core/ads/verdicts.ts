// The first verdict on each block, weighed on its evidence against the film
// (the rules are in detect.ts's header): which block is the film's main block,
// whether the film is known well enough to judge a block against it, and then
// ad or not, with the reasons and a confidence.

import { adConfig } from '../config';
import type { Block } from './blocks';
import { elsewhere, farAway, type Evidence } from './block-evidence';
import { deepCut } from './encodes';
import { AdReason, evidenceKinds, isLocation } from './evidence';
import type { FilmFacts } from './film';
import { continuesNeighbour, ownEncodeBlocks } from './numbering';
import type { BlockReport } from './report';

export interface Verdicts {
  /** One report per block, by block id. */
  reports: BlockReport[];
  /** The film's main block, never an ad. */
  main: Block | undefined;
  /** Whether the film is known well enough to call the block an ad on anything but strong evidence. */
  filmKnown: (b: Block) => boolean;
}

export function judgeBlocks(facts: FilmFacts, evidence: readonly Evidence[]): Verdicts {
  const { segments, blocks, strong, profile, encodes, film, runsOn, unmarkedSeconds, lookKnown, dirKnown } = facts;
  const own = ownEncodeBlocks(blocks, profile, strong, segments.length);
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
  return { reports, main, filmKnown };
}
