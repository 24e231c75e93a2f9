// Which probed runs are ads (pure). The film is the encode holding the most
// seconds. Precision first:
//   - a run longer than an ad break (maxAdSeconds) is never cut on media;
//   - another encode (resolution, codec, profile, level, frame rate, audio
//     rate or channels, PID layout, tracks) in a run no longer than that is an ad;
//   - a run of the film's encode needs two weak points: another encoder
//     string, other settings beyond rate control (a bit rate or GOP change is
//     the film's own), a timeline jumping away (a restart from zero is how
//     film parts muxed apart begin, so it counts for nothing), or the text
//     detector's suspicion; a timeline that goes on across the boundary takes
//     a point away (strong evidence of content).
// Only probed segments of an ad run and those between them are removed: a
// boundary the budget left unresolved keeps the segments in doubt.

import type { MediaSignature } from '../media-signature/index';
import { probeConfig, rateOptions } from './config';
import { continues, encodeDiffs, firstPts } from './cuts';
import { splitRuns, type Run } from './runs';
import { ProbeReason, type ProbeAd, type ProbePlaylist, type ProbeVerdict, type TextDetection } from './types';

/** Settings beyond rate control, as one comparable string. */
export function settingsOf(options: string | undefined): string | undefined {
  if (options === undefined) return undefined;
  return options
    .split(/\s+/)
    .filter((t) => t && !rateOptions.has(t.split('=')[0]))
    .join(' ');
}

/** The value holding the most seconds among the runs that carry one. */
function majority(runs: readonly Run[], pick: (r: Run) => string | undefined): string | undefined {
  const weight = new Map<string, number>();
  for (const r of runs) {
    const v = pick(r);
    if (v !== undefined) weight.set(v, (weight.get(v) ?? 0) + r.seconds);
  }
  let best: string | undefined;
  for (const [v, w] of weight) if (best === undefined || w > weight.get(best)!) best = v;
  return best;
}

/** Runs grouped by encode; the group with the most seconds is the film. */
function filmGroup(runs: readonly Run[]): Run[] {
  const groups: Run[][] = [];
  for (const r of runs) {
    const g = groups.find((x) => encodeDiffs(x[0].head, r.head).length === 0);
    if (g) g.push(r);
    else groups.push([r]);
  }
  const seconds = (g: Run[]) => g.reduce((s, r) => s + r.seconds, 0);
  return groups.reduce((a, b) => (seconds(b) > seconds(a) ? b : a), groups[0] ?? []);
}

function textSuspicion(detection: TextDetection | undefined, run: Run): boolean {
  return !!detection?.blocks.some((b) => !b.isAd && b.score > 0 && b.first <= run.end && b.last >= run.first);
}

interface FilmLook {
  runs: ReadonlySet<Run>;
  encoder?: string;
  settings?: string;
}

/** The timeline a run should continue: the last film run before it (an ad's own timeline is not the film's), else the run before. */
function timelineBefore(runs: readonly Run[], k: number, film: FilmLook): Run | undefined {
  for (let j = k - 1; j >= 0; j--) if (film.runs.has(runs[j])) return runs[j];
  return runs[k - 1];
}

function weakReasons(playlist: ProbePlaylist, runs: readonly Run[], k: number, film: FilmLook, detection?: TextDetection): { reasons: ProbeReason[]; score: number } {
  const run = runs[k];
  const reasons: ProbeReason[] = [];
  let score = 0;
  if (run.head.encoder !== undefined && film.encoder !== undefined && run.head.encoder !== film.encoder) reasons.push(ProbeReason.OtherEncoder);
  const settings = settingsOf(run.head.encoderOptions);
  if (settings !== undefined && film.settings !== undefined && settings !== film.settings) reasons.push(ProbeReason.OtherSettings);
  const prev = timelineBefore(runs, k, film);
  if (prev) {
    const p = prev.probes[prev.probes.length - 1];
    const goesOn = continues(playlist.segments, p, prev.tail, run.probes[0], run.head);
    const start = firstPts(run.head);
    if (goesOn === true) score--;
    else if (goesOn === false && start !== undefined && start >= probeConfig.restartSeconds) reasons.push(ProbeReason.PtsJump);
  }
  if (textSuspicion(detection, run)) reasons.push(ProbeReason.TextSuspicion);
  return { reasons, score: score + reasons.length };
}

/** The probe's ad runs from the signatures read (index -> signature) and the text detector's result. */
export function decideProbe(playlist: ProbePlaylist, read: ReadonlyMap<number, MediaSignature>, detection?: TextDetection): ProbeVerdict {
  const probed = [...read.keys()].sort((a, b) => a - b);
  const runs = splitRuns(playlist.segments, read);
  const film = filmGroup(runs);
  const filmSet = new Set(film);
  const filmLook: FilmLook = { runs: filmSet, encoder: majority(film, (r) => r.head.encoder), settings: majority(film, (r) => settingsOf(r.head.encoderOptions)) };
  const ref = film.reduce((a, b) => (b.seconds > a.seconds ? b : a), film[0]);
  const ads: ProbeAd[] = [];
  runs.forEach((run, k) => {
    if (!ref || run === ref || run.seconds > probeConfig.maxAdSeconds) return;
    const diffs = filmSet.has(run) ? [] : encodeDiffs(ref.head, run.head);
    let reasons: ProbeReason[];
    if (diffs.length > 0) reasons = [ProbeReason.OtherEncode];
    else {
      const weak = weakReasons(playlist, runs, k, filmLook, detection);
      if (weak.score < probeConfig.weakScoreNeeded) return;
      reasons = weak.reasons;
    }
    const first = run.first;
    const last = run.probes[run.probes.length - 1];
    let seconds = 0;
    for (let i = first; i <= last; i++) seconds += playlist.segments[i].duration;
    ads.push({ first, last, seconds, reasons, diffs });
  });
  const adSegments: number[] = [];
  for (const a of ads) for (let i = a.first; i <= a.last; i++) adSegments.push(i);
  return { adSegments, ads, probed };
}
