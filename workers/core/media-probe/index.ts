// Media probe (issue 19): find the ads only the media reveals, from a few
// Range heads per playlist. Pure apart from the caller's injected fetch:
//   const reader = budgetedReader(fetchRange);            // the caller's Range fetch
//   const outcome = await probePlaylist(playlist, reader, { detection, signal });
//   cleanPlaylist(text, url, { extraAds: outcome.adSegments });

export { budgetedReader } from './read';
export { probePlaylist } from './run';
export type { ProbeOutcome, ProbePlaylist, ProbeRead, ProbeSegment, RangeFetcher, TextDetection } from './types';
