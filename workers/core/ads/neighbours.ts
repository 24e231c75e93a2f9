// Verdicts revised from a block's neighbours, once every block has its first
// verdict: a short block of the film's own encode that interrupts the film,
// and the rest of a splice that holds an ad.

import { adConfig } from '../config';
import type { Block } from './blocks';
import type { Evidence } from './block-evidence';
import { AdReason, irregular } from './evidence';
import type { FilmFacts } from './film';
import type { BlockReport } from './report';
import type { Verdicts } from './verdicts';

/**
 * A block of the film's own encode that nothing vouches for (hash names,
 * numbering off the film's), the length of an ad break, with the film right
 * before and after it (or at the playlist's edge): a pod spliced in.
 */
export function markInterruptions(facts: FilmFacts, evidence: readonly Evidence[], verdicts: Verdicts): void {
  const { blocks, encodes, film, profileOf } = facts;
  const { reports, main, filmKnown } = verdicts;
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
}

/**
 * Between two discontinuities lies one splice: a short run whose pieces
 * (split by a change of name or directory) include an ad is ad throughout.
 */
export function markSameSplice(blocks: readonly Block[], evidence: readonly Evidence[], reports: readonly BlockReport[]): void {
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
}
