// Ad detection by block scoring (ARCHITECTURE.md "Ad handling"). Each block is
// weighed against the main content on evidence. Precision first: removing real
// content is worse than missing an ad, so
//   - a block that continues the content's file-name sequence in the content's
//     directory is content, whatever its length; only strong evidence (ad
//     markers, clear segments inside an encrypted stream, segment URLs played
//     twice) outweighs that, since no single encode produces those;
//   - the block holding most of the content is never an ad;
//   - weak hints alone never remove a block; length alone never does either.

import { adConfig } from '../config';
import type { AdInterval, MediaPlaylist } from '../types';
import { splitBlocks, type Block } from './blocks';
import { AdReason, blocksWithRepeatedUris, isAdSource, moderateEvidence, signature, strongEvidence, weakEvidence } from './evidence';
import { continuesNeighbour, numberingOrders, ownEncodeBlocks } from './numbering';
import { contentProfile } from './profile';
import { mergeIntervals } from './intervals';

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
  const evidence = blocks.map((b, i) => {
    const s = [...strong[i]];
    if (profile.encrypted && b.allClear) s.push(AdReason.ClearInEncrypted);
    const order = orders.get(b.id);
    const moderate = moderateEvidence(b, profile, order, signatures);
    const weak = weakEvidence(b, profile, adSource);
    const score =
      moderate.reduce((sum, r) => sum + (r === AdReason.HostChange ? adConfig.hostChangeWeight : adConfig.moderateWeight), 0) +
      weak.length * adConfig.weakWeight;
    return { strong: s, moderate, weak, score, order };
  });
  // The main block: the longest block that would not be an ad even if it were short.
  let main: Block | undefined;
  for (const b of blocks) {
    const e = evidence[b.id];
    if (e.strong.length > 0 || e.score >= adConfig.shortScoreNeeded) continue;
    if (!main || b.duration > main.duration) main = b;
  }
  if (!main) for (const b of blocks) if (evidence[b.id].strong.length === 0 && (!main || b.duration > main.duration)) main = b;
  const mainDuration = main?.duration ?? 0;

  const reports: BlockReport[] = [];
  const adSegments: number[] = [];
  const rawIntervals: AdInterval[] = [];
  for (const b of blocks) {
    const e = evidence[b.id];
    const reasons: AdReason[] = [];
    let isAd = false;
    let confidence: number;
    if (b === main) {
      reasons.push(AdReason.MainContent);
      confidence = 1;
    } else if (e.strong.length === 0 && (e.order === 'continues' || continuesNeighbour(blocks, b, strong))) {
      reasons.push(AdReason.ContinuesSequence);
      confidence = 0.95;
    } else if (own.has(b.id)) {
      reasons.push(AdReason.OwnEncode);
      confidence = 0.95;
    } else {
      reasons.push(...e.strong, ...e.moderate, ...e.weak);
      const short = b.duration < adConfig.shortBlockSeconds;
      const underThird = b.duration < mainDuration * adConfig.mainBlockFraction && b.duration <= adConfig.thirdRuleMaxSeconds;
      if (short) reasons.push(AdReason.Short);
      else if (underThird) reasons.push(AdReason.UnderThird);
      if (e.strong.length > 0) {
        isAd = true;
        confidence = adConfig.strongConfidence;
      } else if (
        (short && e.score >= adConfig.shortScoreNeeded) ||
        // Longer blocks in the content's own host are stitched parts or recaps far more often than ads.
        (underThird && e.score >= adConfig.thirdScoreNeeded && e.moderate.includes(AdReason.HostChange))
      ) {
        isAd = true;
        confidence = Math.min(adConfig.strictConfidenceMax + 0.1, adConfig.strictConfidenceMin + 0.05 * e.score);
      } else {
        confidence = Math.max(0.5, 1 - 0.15 * e.score);
      }
    }
    reports.push({ first: b.first, last: b.last, start: b.start, end: b.start + b.duration, isAd, confidence, score: e.score, reasons });
    if (isAd) {
      for (let k = b.first; k <= b.last; k++) adSegments.push(k);
      rawIntervals.push({ start: b.start, end: b.start + b.duration, index: b.first });
    }
  }
  const decided = reports.map((r) => r.confidence);
  return {
    intervals: mergeIntervals(rawIntervals, adConfig.mergeGapSeconds),
    adSegments,
    blocks: reports,
    confidence: decided.length ? Math.min(...decided) : 1,
  };
}
