// The ad cleaner on real playlists published by others (tests/fixtures/realworld:
// labels.json gives each file's source, licence, labels and the evidence for them,
// PROVENANCE.md the story). Labels come from the sources, never from this detector.
// Full playlists (whole episodes and programmes) and snippets (excerpts, abridged
// fixtures, documentation examples) are scored apart: a snippet where the ads
// outweigh the film says little about a real episode. Ads the text cannot reveal
// (textReveals: false) are scored as "keep everything": neither credit nor loss.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanPlaylist } from '../../workers/core/clean';
import { parsePlaylist } from '../../workers/core/parse';

const dir = new URL('../fixtures/realworld/', import.meta.url);
interface Label {
  source: string;
  baseUrl: string | null;
  kind: 'full' | 'snippet';
  ads: number[];
  textReveals: boolean;
}
const labels = JSON.parse(readFileSync(new URL('labels.json', dir), 'utf8')) as Record<string, Label>;
/** Where a source gives no URL: a neutral one (no word of it may look like an ad directory). */
const DEFAULT_URL = 'https://media.example.com/vod/index.m3u8';

interface Score {
  file: string;
  kind: Label['kind'];
  adSeconds: number;
  adRemoved: number;
  contentSeconds: number;
  contentRemoved: number;
}

function score(file: string, label: Label): Score {
  const text = readFileSync(new URL(file, dir), 'utf8');
  const url = label.baseUrl ?? DEFAULT_URL;
  const parsed = parsePlaylist(text, url);
  if (!parsed.ok || parsed.playlist.kind !== 'media') throw new Error(`${file}: not a media playlist`);
  const removed = new Set(cleanPlaylist(text, url).adSegments);
  const ads = new Set(label.ads);
  const s: Score = { file, kind: label.kind, adSeconds: 0, adRemoved: 0, contentSeconds: 0, contentRemoved: 0 };
  parsed.playlist.segments.forEach((seg, i) => {
    if (ads.has(i)) {
      if (!label.textReveals) return;
      s.adSeconds += seg.duration;
      if (removed.has(i)) s.adRemoved += seg.duration;
    } else {
      s.contentSeconds += seg.duration;
      if (removed.has(i)) s.contentRemoved += seg.duration;
    }
  });
  return s;
}

const scores = Object.entries(labels).map(([file, label]) => score(file, label));

function totals(kind: Label['kind']) {
  const of = scores.filter((s) => s.kind === kind);
  const sum = (f: (s: Score) => number) => of.reduce((a, s) => a + f(s), 0);
  return {
    files: of.length,
    adRecall: sum((s) => s.adRemoved) / Math.max(sum((s) => s.adSeconds), 1e-9),
    contentLoss: sum((s) => s.contentRemoved) / sum((s) => s.contentSeconds),
    table: of.map((s) => `${s.file}: ads ${s.adRemoved.toFixed(1)}/${s.adSeconds.toFixed(1)} s, content removed ${s.contentRemoved.toFixed(1)}/${s.contentSeconds.toFixed(1)} s`).join('\n'),
  };
}

describe('real-world ad playlists (tests/fixtures/realworld)', () => {
  it('holds at least 25 playlists, full ones with ads and ad-free ones among them, each with a source', () => {
    expect(scores.length).toBeGreaterThanOrEqual(25);
    expect(scores.filter((s) => s.kind === 'full' && s.adSeconds > 0).length).toBeGreaterThanOrEqual(5);
    expect(scores.filter((s) => s.kind === 'full' && labels[s.file].ads.length === 0).length).toBeGreaterThanOrEqual(3);
    for (const l of Object.values(labels)) expect(l.source.length).toBeGreaterThan(10);
  });

  it('full playlists: at least 99% of the ad seconds the text reveals removed, at most 0.1% of the content seconds', () => {
    const t = totals('full');
    console.info(`real-world full playlists (${t.files}): ads removed ${(100 * t.adRecall).toFixed(2)}%, content removed ${(100 * t.contentLoss).toFixed(3)}%\n${t.table}`);
    expect(t.adRecall, t.table).toBeGreaterThanOrEqual(0.99);
    expect(t.contentLoss, t.table).toBeLessThanOrEqual(0.001);
  });

  it('ad-free full playlists lose nothing', () => {
    for (const s of scores.filter((x) => x.kind === 'full' && labels[x.file].ads.length === 0)) expect(s.contentRemoved, s.file).toBe(0);
  });

  it('snippets: no film lost, and most revealed ad seconds removed (excerpts too short to tell the film may keep their ads)', () => {
    const t = totals('snippet');
    console.info(`real-world snippets (${t.files}): ads removed ${(100 * t.adRecall).toFixed(2)}%, content removed ${(100 * t.contentLoss).toFixed(3)}%\n${t.table}`);
    expect(t.contentLoss, t.table).toBeLessThanOrEqual(0.001);
    expect(t.adRecall, t.table).toBeGreaterThanOrEqual(0.9);
  });
});
