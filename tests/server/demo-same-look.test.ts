// Demo videos whose ads have the film's directory, names and durations but
// another encode (issue 19): the default plan's playlists give the text
// nothing to find, and a real encode of a small plan makes ads whose media
// differs in the way their kind says, recorded in the manifest.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlaylist, parsePlaylist } from '../../workers/core/index';
import { demoConfig, renditions, sameLookAds } from '../../server/demo/config';
import { generateDemoContent, type GenerateResult } from '../../server/demo/generate';
import { defaultDemoPlan } from '../../server/demo/plan';
import { planProblems } from '../../server/demo/plan-problems';
import { sameLookBlocks, sameLookPlaylist } from '../../server/demo/same-look';
import type { BaseSource, DemoPlan } from '../../server/demo/types';
import { probeSegment, type ProbedSegment } from '../support/media-probe';

const seg = demoConfig.segmentSeconds;
const names = (en: string) => ({ zh: en, pt: en, en, ja: en, ko: en });

const base: BaseSource = {
  id: 'tiny',
  look: 'counter',
  seconds: 24,
  toneHz: 349,
  title: 'TINY',
  renditions: ['240p'],
  sameLook: {
    discontinuities: false,
    ads: [
      { at: 0, seconds: 6, kind: 'resolution', look: 'promo', label: 'PRE' },
      { at: 12, seconds: 6, kind: 'audio', look: 'bars', label: 'MID' },
      { at: 12, seconds: 6, kind: 'encoder', look: 'spot', label: 'MID' },
    ],
  },
};
const plan: DemoPlan = {
  bases: [base],
  creatives: [],
  categories: [{ typeId: 1, names: { 'pt-BR': 'T', zh: 'T', en: 'T', ja: 'T', ko: 'T' }, sort: 1 }],
  videos: [{ slug: 'tiny-look', typeId: 1, base: 'tiny', startSeconds: 0, seconds: 24, master: false, ads: [], names: names('Tiny'), description: 'd', year: '2025', area: 'Brasil' }],
};

describe('same-look blocks and playlists', () => {
  it('numbers ads in the film sequence: a pre-roll, then two ads back to back mid-film', () => {
    expect(sameLookBlocks(base, seg).map((b) => [b.ad?.kind ?? 'film', b.fromSeconds, b.seconds, b.atSeconds, b.firstSequence])).toEqual([
      ['resolution', 0, 6, 0, 0],
      ['film', 0, 12, 6, 1],
      ['audio', 12, 6, 18, 3],
      ['encoder', 12, 6, 24, 4],
      ['film', 12, 12, 30, 5],
    ]);
  });

  it('writes the tags only when asked, and marks the ads apart from the spliced ones', () => {
    const entries = Array.from({ length: 7 }, (_, i) => ({ duration: seg, uri: `../sources/tiny/240p/seg_${String(i).padStart(5, '0')}.ts` }));
    const bare = sameLookPlaylist(base, entries, seg);
    expect(bare.mediaAdSegments).toEqual([0, 3, 4]);
    expect(bare.film.map((e) => e.uri.slice(-6))).toEqual(['001.ts', '002.ts', '005.ts', '006.ts']);
    expect(bare.text).not.toContain('#EXT-X-DISCONTINUITY');
    const tagged = sameLookPlaylist({ ...base, sameLook: { ...base.sameLook!, discontinuities: true } }, entries, seg);
    expect(tagged.text.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(4);
    expect(() => sameLookPlaylist(base, entries.slice(1), seg)).toThrow(/6 segments/);
  });

  it('names the plans that would break the numbering or the labels', () => {
    const odd: BaseSource = { ...base, sameLook: { discontinuities: false, ads: [{ at: 5, seconds: 4, kind: 'audio', look: 'bars', label: 'a-b' }] } };
    expect(planProblems({ ...plan, bases: [odd], videos: [{ ...plan.videos[0], master: true }, { ...plan.videos[0], slug: 'again' }] }, seg)).toEqual(
      expect.arrayContaining([
        'base tiny: a same-look base is numbered for one video, not 2',
        'video tiny-look: plays same-look base tiny, so it plays all of it in one media playlist, without spliced creatives',
        'base tiny: a same-look ad at 5 s is not on a segment boundary of the film',
        'base tiny: a same-look ad must last a positive multiple of 6 s',
        "base tiny: a same-look ad's label must be ASCII letters, digits and spaces",
      ]),
    );
    expect(planProblems(plan, seg)).toEqual([]);
  });

  it('the default plan has one video without tags and one with, and neither gives the text detector anything', () => {
    const sameLook = defaultDemoPlan.bases.filter((b) => b.sameLook);
    expect(sameLook.map((b) => b.sameLook!.discontinuities).sort()).toEqual([false, true]);
    expect(new Set(sameLook.flatMap((b) => b.sameLook!.ads.map((a) => a.kind)))).toEqual(new Set(['resolution', 'audio', 'encoder']));
    for (const b of sameLook) {
      const dir = `sources/${b.id}/240p`;
      const entries = sameLookBlocks(b, seg).flatMap((p) => Array.from({ length: p.seconds / seg }, (_, i) => ({ duration: seg, uri: `../${dir}/seg_${String(p.firstSequence + i).padStart(5, '0')}.ts` })));
      const made = sameLookPlaylist(b, entries, seg);
      const url = `http://127.0.0.1:8080/media/demo/${b.id}/index.m3u8`;
      expect(cleanPlaylist(made.text, url).adSegments, b.id).toEqual([]);
      const parsed = parsePlaylist(made.text, url);
      if (!parsed.ok || parsed.playlist.kind !== 'media') throw new Error('not a media playlist');
      // One directory, one name pattern, one duration: nothing in the text tells an ad.
      expect(new Set(parsed.playlist.segments.map((s) => s.url.replace(/seg_\d{5}\.ts$/, '')))).toEqual(new Set([`http://127.0.0.1:8080/media/demo/${dir}/`]));
      expect(new Set(parsed.playlist.segments.map((s) => s.duration))).toEqual(new Set([seg]));
      expect(made.mediaAdSegments.length * seg).toBe(b.sameLook!.ads.reduce((s, a) => s + a.seconds, 0));
    }
  });
});

describe('a same-look encode, for real', () => {
  let made: GenerateResult;
  let dir: string;
  const probes: ProbedSegment[] = [];
  beforeAll(async () => {
    dir = path.join(mkdtempSync(path.join(tmpdir(), 'clipfeed-same-look-')), 'demo');
    made = await generateDemoContent({ dir, plan, log: () => undefined });
    for (let i = 0; i < 7; i++) probes.push(await probeSegment(readFileSync(path.join(dir, `sources/tiny/240p/seg_${String(i).padStart(5, '0')}.ts`))));
  }, 120_000);

  it('records the ads in the manifest apart from the spliced ones', () => {
    expect(made.manifest.videos[0]).toMatchObject({ slug: 'tiny-look', seconds: 24, playlists: [{ file: 'index.m3u8', segments: 7, adSegments: [], mediaAdSegments: [0, 3, 4] }] });
    expect(readFileSync(path.join(dir, 'tiny-look/index.m3u8'), 'utf8')).not.toContain('DISCONTINUITY');
  });

  it("gives each ad the encode its kind says, and keeps the film's own", () => {
    const film = renditions['240p'];
    const [pre, f1, f2, audio, encoder, f3] = probes;
    for (const f of [f1, f2, f3, probes[6]]) expect(f).toMatchObject({ video: { profile: 'Constrained Baseline', width: film.width, height: film.height }, audio: { rate: demoConfig.audioRate, channels: 1 } });
    expect(pre.video).toMatchObject({ width: sameLookAds.resolution.width, height: sameLookAds.resolution.height });
    expect(pre.audio).toEqual(f1.audio);
    expect(audio.audio).toEqual({ rate: sameLookAds.audio.rate, channels: sameLookAds.audio.channels });
    expect(audio.video).toMatchObject({ width: film.width, height: film.height });
    expect(encoder.video).toMatchObject({ profile: 'Main', width: film.width, height: film.height });
    expect(encoder.x264).not.toBeNull();
    expect(encoder.x264).not.toBe(f1.x264);
  });

  it('keeps one timeline across the film and the resolution and audio ads, and jumps in the encoder ad', () => {
    const starts = probes.map((p) => p.start);
    for (const i of [1, 2, 3, 6]) expect(Math.abs(starts[i] - starts[i - 1] - seg), `segment ${i}`).toBeLessThan(0.2);
    expect(starts[4] - starts[3]).toBeGreaterThan(sameLookAds.ptsJumpSeconds - 1);
    // The film after the encoder ad is back on the playlist's timeline.
    expect(Math.abs(starts[5] - starts[3] - 2 * seg)).toBeLessThan(0.2);
  });
});
