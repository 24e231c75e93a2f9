import { describe, expect, it } from 'vitest';
import { cleanPlaylist, parsePlaylist } from '../../workers/core/index';
import { demoConfig } from '../../server/demo/config';
import { demoPaths } from '../../server/demo/encode';
import { demoVideoRows } from '../../server/demo/catalogue';
import { filmParts } from '../../server/demo/encrypted';
import type { DemoManifest } from '../../server/demo/generate';
import { demoOrigin } from '../../server/demo/origin';
import { defaultDemoPlan } from '../../server/demo/plan';
import { planProblems } from '../../server/demo/plan-problems';
import { sameLookBlocks } from '../../server/demo/same-look';
import { spliceBreaks, writeMediaText, type Entry } from '../../server/demo/playlists';
import type { DemoPlan } from '../../server/demo/types';
import { videoPlaylists } from '../../server/demo/video-playlists';

const seg = demoConfig.segmentSeconds;

/** What ffmpeg writes for a plan, without running it: whole segments, the last one shorter. */
function encodedEntries(plan: DemoPlan): Map<string, Entry[]> {
  const entries = new Map<string, Entry[]>();
  const cut = (seconds: number, every: number, uri: (i: number) => string) =>
    Array.from({ length: Math.ceil(seconds / every) }, (_, i) => ({ duration: Math.min(every, seconds - i * every), uri: uri(i) }));
  for (const b of plan.bases) {
    for (const r of b.renditions) {
      const dir = demoPaths.baseDir(b.id, r);
      if (b.sameLook) {
        // One ffmpeg output per film part and per ad, numbered from its place in the one video's playlist.
        entries.set(dir, sameLookBlocks(b, seg).flatMap((p) => cut(p.seconds, seg, (i) => `../${dir}/seg_${String(p.firstSequence + i).padStart(5, '0')}.ts`)));
        continue;
      }
      if (!b.encrypted) {
        entries.set(dir, cut(b.seconds, seg, (i) => `../${dir}/seg_${String(i).padStart(5, '0')}.ts`));
        continue;
      }
      // One ffmpeg output per film part, numbered (file names and IVs) from the part's place in its video.
      const video = plan.videos.find((v) => v.base === b.id)!;
      entries.set(
        dir,
        filmParts(video, plan).flatMap((p) =>
          cut(p.seconds, seg, (i) => `../${dir}/seg_${String(p.firstSequence + i).padStart(5, '0')}.ts`).map((e, i) => ({ ...e, key: `../${demoPaths.key(b.id)}`, sequence: p.firstSequence + i })),
        ),
      );
    }
  }
  for (const c of plan.creatives) {
    const dir = demoPaths.adDir(c.id);
    entries.set(dir, cut(c.seconds, c.segmentSeconds, (i) => `../${dir}/ad_${String(i).padStart(3, '0')}.ts`));
  }
  return entries;
}

describe('the default demo plan', () => {
  const plan = defaultDemoPlan;

  it('is sound and has the catalogue the issue asks for', () => {
    expect(planProblems(plan, seg)).toEqual([]);
    expect(plan.categories.length).toBeGreaterThanOrEqual(5);
    expect(plan.videos.length).toBeGreaterThanOrEqual(12);
    // The video of the encrypted base is a short extra (issue 12), outside the 2-12 minute catalogue.
    const encrypted = new Set(plan.bases.filter((b) => b.encrypted).map((b) => b.id));
    const minutes = plan.videos.filter((v) => !encrypted.has(v.base)).map((v) => v.seconds / 60);
    expect(Math.min(...minutes)).toBe(2);
    expect(Math.max(...minutes)).toBe(12);
    expect(plan.videos.filter((v) => v.master).length).toBeGreaterThanOrEqual(3);
    const withAds = plan.videos.filter((v) => v.ads.length > 0);
    expect(withAds.length * 2).toBeGreaterThanOrEqual(plan.videos.length);
    const positions = new Set(withAds.flatMap((v) => v.ads.map((b) => (typeof b.at === 'number' ? 'mid' : b.at))));
    expect([...positions].sort()).toEqual(['mid', 'post', 'pre']);
    for (const v of plan.videos) for (const name of Object.values(v.names)) expect(name.trim()).not.toBe('');
  });

  it('lists a catalogue-only series after its videos: more than one search page, every episode playing one made video', () => {
    const manifest = { videos: plan.videos.map((v) => ({ slug: v.slug, seconds: v.seconds, master: v.master, playlists: [] })) } as unknown as DemoManifest;
    const rows = demoVideoRows(plan, manifest, 'http://h');
    const series = rows.slice(plan.videos.length);
    expect(series.length).toBeGreaterThan(20);
    expect(new Set(rows.map((r) => r.sourceKey)).size).toBe(rows.length);
    const of = plan.series!.of;
    for (const r of series) {
      expect(r.vodPlayUrl).toBe(`Line 1$http://h/media/demo/${of}/index.m3u8`);
      expect(r.vodNamePt).toMatch(/^Crônicas do Pixel, episódio \d+$/);
    }
    // Listed after the plan's videos (older), episode 1 first.
    const oldestPlan = Math.min(...rows.slice(0, plan.videos.length).map((r) => r.vodTime!.getTime()));
    expect(series[0].vodTime!.getTime()).toBeLessThan(oldestPlan);
    expect(series[1].vodTime!.getTime()).toBeLessThan(series[0].vodTime!.getTime());
    expect(planProblems({ ...plan, series: { ...plan.series!, of: 'nope' } }, seg)).toEqual([`series ${plan.series!.slug}: plays an unknown video nope`]);
  });

  it('encodes far less than it lists: slices share the segments of a few bases', () => {
    const listed = plan.videos.reduce((s, v) => s + v.seconds, 0);
    const encoded = plan.bases.reduce((s, b) => s + b.seconds * b.renditions.length, 0);
    expect(new Set(plan.bases.map((b) => b.look)).size).toBe(plan.bases.length);
    expect(encoded).toBeLessThan(listed * 0.65);
  });

  it('splices every ad break where the engine finds it again, in every playlist', () => {
    const entries = encodedEntries(plan);
    for (const video of plan.videos) {
      const made = videoPlaylists(video, plan, entries);
      const media = made.files.filter((f) => f.rendition);
      expect(media.length, video.slug).toBe(video.master ? 2 : 1);
      for (const f of media) {
        const url = `http://127.0.0.1:8080/media/demo/${video.slug}/${f.file}`;
        const result = cleanPlaylist(f.text, url);
        expect(result.error, `${video.slug}/${f.file}`).toBeUndefined();
        expect(result.adSegments, `${video.slug}/${f.file}`).toEqual(f.adSegments);
        const parsed = parsePlaylist(f.text, url);
        if (!parsed.ok || parsed.playlist.kind !== 'media') throw new Error('not a media playlist');
        const segments = parsed.playlist.segments;
        const ads = new Set(f.adSegments);
        for (const s of segments) expect(s.url.includes('/media/demo/ads/'), `${video.slug} #${s.index}`).toBe(ads.has(s.index));
        const film = segments.filter((s) => !ads.has(s.index) && !f.mediaAdSegments.includes(s.index)).reduce((sum, s) => sum + s.duration, 0);
        expect(film).toBeCloseTo(video.seconds, 6);
        if (video.ads.some((b) => b.at === 'pre')) expect(ads.has(0)).toBe(true);
        if (video.ads.some((b) => b.at === 'post')) expect(ads.has(segments.length - 1)).toBe(true);
        if (video.ads.some((b) => typeof b.at === 'number')) expect(f.adSegments.some((i) => i > 0 && i < segments.length - 1 && !ads.has(i - 1))).toBe(true);
      }
      if (video.master) {
        const master = made.files.find((f) => f.file === demoPaths.playlist)!;
        const parsed = parsePlaylist(master.text, `http://127.0.0.1:8080/media/demo/${video.slug}/index.m3u8`);
        expect(parsed.ok && parsed.playlist.kind === 'master' ? parsed.playlist.variants.map((v) => v.height) : null).toEqual([240, 360]);
      }
    }
  });
});

describe('the encrypted demo video', () => {
  const plan = defaultDemoPlan;
  const base = plan.bases.find((b) => b.encrypted)!;
  const video = plan.videos.find((v) => v.base === base.id)!;
  const url = `http://127.0.0.1:8080/media/demo/${video.slug}/index.m3u8`;

  it('has a pre-roll and a mid-roll before film that plays, so removing them renumbers film segments', () => {
    expect(video.ads.map((b) => b.at)).toEqual(['pre', 30]);
    // promo (2 segments) first, 5 film segments, spot (3), then the rest of the film: numbered as encrypted.
    expect(filmParts(video, plan)).toEqual([
      { fromSeconds: 0, seconds: 30, firstSequence: 2 },
      { fromSeconds: 30, seconds: 42, firstSequence: 10 },
    ]);
  });

  it('keeps every film segment at the number its IV comes from; ads are clear and the key is stated again after them', () => {
    const made = videoPlaylists(video, plan, encodedEntries(plan));
    const text = made.files[0].text;
    const keyLines = text.split('\n').filter((l) => l.startsWith('#EXT-X-KEY'));
    expect(keyLines).toEqual([
      `#EXT-X-KEY:METHOD=AES-128,URI="../sources/${base.id}/key.bin"`,
      '#EXT-X-KEY:METHOD=NONE',
      `#EXT-X-KEY:METHOD=AES-128,URI="../sources/${base.id}/key.bin"`,
    ]);
    expect(text).not.toContain('IV=');
    const parsed = parsePlaylist(text, url);
    if (!parsed.ok || parsed.playlist.kind !== 'media') throw new Error('not a media playlist');
    expect(parsed.playlist.mediaSequence).toBe(0);
    for (const s of parsed.playlist.segments) {
      const ad = made.files[0].adSegments.includes(s.index);
      expect(s.keys.map((k) => [k.method, k.uri, k.iv]), `#${s.index}`).toEqual(ad ? [] : [['AES-128', `http://127.0.0.1:8080/media/demo/sources/${base.id}/key.bin`, undefined]]);
      if (!ad) expect(s.url).toBe(`http://127.0.0.1:8080/media/demo/sources/${base.id}/240p/seg_${String(s.index).padStart(5, '0')}.ts`);
    }
    expect(made.poster).toEqual({ segment: `sources/${base.id}/240p/seg_00011.ts`, key: `sources/${base.id}/key.bin`, sequence: 11 });
  });

  it('refuses a playlist that would play an encrypted segment under another number', () => {
    const film = [{ duration: 6, uri: 'f0.ts', key: 'key.bin', sequence: 0 }];
    expect(() => writeMediaText([{ ad: true, entries: [{ duration: 5, uri: 'a0.ts' }] }, { ad: false, entries: film }])).toThrow(/encrypted as segment 0 but would play as segment 1/);
  });

  it('is numbered for one video that plays all of it', () => {
    const other = { ...video, slug: 'vault-copy' };
    expect(planProblems({ ...plan, videos: [...plan.videos, other] }, seg)).toEqual([`base ${base.id}: an encrypted base is numbered for one video, not 2`]);
    const sliced = plan.videos.map((v) => (v === video ? { ...v, seconds: 36 } : v));
    expect(planProblems({ ...plan, videos: sliced }, seg)).toEqual([`video ${video.slug}: plays encrypted base ${base.id}, so it plays all of it in one media playlist`]);
  });
});

describe('splicing', () => {
  const film = Array.from({ length: 10 }, (_, i) => ({ duration: 6, uri: `f${i}.ts` }));
  const a = [{ duration: 5, uri: 'a0.ts' }];
  const b = [
    { duration: 4, uri: 'b0.ts' },
    { duration: 4, uri: 'b1.ts' },
  ];

  it('puts pre-rolls first, post-rolls last and mid-rolls on the nearest segment boundary, a discontinuity between blocks', () => {
    const blocks = spliceBreaks(film, [{ at: 'post', creatives: [a] }, { at: 20, creatives: [a, b] }, { at: 'pre', creatives: [b] }], 6);
    expect(blocks.map((x) => (x.ad ? x.entries.map((e) => e.uri).join('+') : `film:${x.entries.length}`))).toEqual(['b0.ts+b1.ts', 'film:3', 'a0.ts', 'b0.ts+b1.ts', 'film:7', 'a0.ts']);
    const { text, adSegments } = writeMediaText(blocks);
    expect(adSegments).toEqual([0, 1, 5, 6, 7, 15]);
    expect(text.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(5);
    expect(text).toContain('#EXT-X-TARGETDURATION:6\n');
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });

  it('keeps a mid-roll inside the film however it is rounded', () => {
    expect(spliceBreaks(film, [{ at: 1, creatives: [a] }], 6)[0]).toMatchObject({ ad: false, entries: film.slice(0, 1) });
    expect(spliceBreaks(film, [{ at: 59, creatives: [a] }], 6).at(-1)).toMatchObject({ ad: false, entries: film.slice(9) });
  });
});

describe('plan checks', () => {
  // Without the series, the encrypted base and the same-look ones: the cases below replace the videos they play.
  const base: DemoPlan = { ...defaultDemoPlan, series: undefined, bases: defaultDemoPlan.bases.filter((b) => !b.encrypted && !b.sameLook) };

  it('names what would break', () => {
    const broken: DemoPlan = {
      ...base,
      videos: [
        { ...base.videos[0], slug: 'past-end', startSeconds: 60, seconds: base.bases[0].seconds },
        { ...base.videos[0], slug: 'bad-ad', ads: [{ at: 'pre', creatives: ['nope'] }] },
        { ...base.videos[0], slug: 'bad-master', master: true },
        { ...base.videos[0], slug: 'bad-mid', ads: [{ at: base.videos[0].seconds, creatives: ['bars'] }] },
        { ...base.videos[0], slug: 'ads' },
      ],
    };
    expect(planProblems(broken, seg)).toEqual([
      'video past-end: slice goes past the end of base grid',
      'video bad-ad: ad break with unknown or no creatives',
      'video bad-master: a master playlist needs a base with two renditions',
      'video bad-mid: mid-roll at 720 s is not inside the content',
      'video ads: slug must be unique lower-case letters, digits and dashes, and not sources or ads',
    ]);
  });
});

describe('demo origin', () => {
  it('is PUBLIC_URL when set, else the loopback address and port', () => {
    expect(demoOrigin({ publicUrl: 'https://tv.example/app/', port: 9000 })).toBe('https://tv.example/app');
    expect(demoOrigin({ host: '0.0.0.0', port: 9000 })).toBe('http://127.0.0.1:9000');
    expect(demoOrigin({ host: '::', port: 9000 })).toBe('http://127.0.0.1:9000');
    expect(demoOrigin({ host: '192.168.1.5', port: 80 })).toBe('http://192.168.1.5:80');
    expect(demoOrigin({ host: '::1', port: 8081 })).toBe('http://[::1]:8081');
    expect(demoOrigin({})).toBe('http://127.0.0.1:8080');
  });
});
