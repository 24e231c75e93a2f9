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

import type { MediaPlaylist } from '../types';
import { toDetection } from './ad-segments';
import { gatherEvidence } from './block-evidence';
import { readFilm } from './film';
import { markInterruptions, markSameSplice } from './neighbours';
import type { AdDetection } from './report';
import { judgeBlocks } from './verdicts';

export type { AdDetection } from './report';

export interface DetectOptions {
  /** The catalogue's vod_play_from of this stream. */
  playFrom?: string;
}

export function detectAds(playlist: MediaPlaylist, options: DetectOptions = {}): AdDetection {
  const facts = readFilm(playlist.segments);
  const evidence = gatherEvidence(facts, options.playFrom);
  const verdicts = judgeBlocks(facts, evidence);
  markInterruptions(facts, evidence, verdicts);
  markSameSplice(facts.blocks, evidence, verdicts.reports);
  return toDetection(facts.blocks, verdicts.reports, facts.profile);
}
