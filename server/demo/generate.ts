// Makes DATA_DIR/demo once: encodes the base sources and ad creatives, writes
// every video's playlists from slices of them, grabs posters (posters.ts), then stamps the
// directory. A matching stamp skips all of it. Work happens in a staging
// directory that replaces the old one only when complete, so a crash never
// leaves half a demo behind.

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { parsePlaylist } from '../../workers/core/index';
import { defaultFfmpegPath, runFfmpeg, runLimited } from '../services/media/ffmpeg';
import { adFormat, demoConfig, encryption, renditions, type RenditionName } from './config';
import { adEncodeArgs, baseEncodeArgs, demoPaths, encryptedBaseEncodeArgs, type SegmentDecryption } from './encode';
import { demoKey, filmParts, keyInfoText, playerOf, sequenceIvHex } from './encrypted';
import type { Entry } from './playlists';
import { writePoster } from './posters';
import { sameLookEncodeArgs, sameLookPartFiles } from './same-look-encode';
import type { BaseSource, DemoPlan, DemoVideo } from './types';
import { videoPlaylists, type EncodedEntries, type PosterSource } from './video-playlists';

const manifestPlaylist = z.object({
  /** File in the video's directory. */
  file: z.string(),
  rendition: z.enum(Object.keys(renditions) as [RenditionName, ...RenditionName[]]),
  segments: z.number(),
  /** 0-based indices of the spliced ad segments. */
  adSegments: z.array(z.number()),
  /** 0-based indices of ads with the film's names, directory and durations: no playlist text reveals them, their media does. */
  mediaAdSegments: z.array(z.number()),
});

const manifestVideo = z.object({
  slug: z.string(),
  /** Film length without ads, seconds. */
  seconds: z.number(),
  master: z.boolean(),
  /** Media playlists: one, or one per variant of the master. */
  playlists: z.array(manifestPlaylist),
});

/** The stamp: what was made, and from what (key: a hash of everything the output depends on). */
const demoManifest = z.object({ version: z.number(), key: z.string(), videos: z.array(manifestVideo) });

type ManifestPlaylist = z.infer<typeof manifestPlaylist>;
export type ManifestVideo = z.infer<typeof manifestVideo>;
export type DemoManifest = z.infer<typeof demoManifest>;

export interface GenerateOptions {
  /** DATA_DIR/demo. */
  dir: string;
  plan: DemoPlan;
  /** Resolved only when there is something to make: reusing the demo needs no ffmpeg. */
  ffmpegPath?: string;
  log: (message: string) => void;
  force?: boolean;
}

export interface GenerateResult {
  manifest: DemoManifest;
  generated: boolean;
  /** Wall-clock seconds spent encoding (0 when reused). */
  encodeSeconds: number;
}

function findFont(): string | null {
  return demoConfig.fontCandidates.find((f) => existsSync(f)) ?? null;
}

function contentKey(plan: DemoPlan, font: string | null): string {
  const inputs = { version: demoConfig.version, plan: { bases: plan.bases, creatives: plan.creatives, videos: plan.videos.map(({ slug, base, startSeconds, seconds, master, ads }) => ({ slug, base, startSeconds, seconds, master, ads })) }, demoConfig, renditions, adFormat, encryption, font };
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 16);
}

/** The stamp when it is there and readable; anything else means "make it again". */
async function readManifest(dir: string): Promise<DemoManifest | null> {
  try {
    const parsed = demoManifest.safeParse(JSON.parse(await readFile(path.join(dir, demoConfig.stampFile), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function complete(dir: string, manifest: DemoManifest): boolean {
  return manifest.videos.every((v) => {
    const files = [demoPaths.playlist, demoPaths.poster, ...v.playlists.map((p) => p.file)];
    return files.every((f) => existsSync(path.join(dir, demoPaths.videoDir(v.slug), f)));
  });
}

/** Where ffmpeg's playlists are read from: URLs under it map back to paths under the demo root. */
const READ_ORIGIN = 'http://demo.invalid';

/** Segments of ffmpeg-written playlists in one directory, in order, URIs relative to a video's directory; keys and numbers of encrypted ones. */
async function readEntries(root: string, dir: string, files: readonly string[]): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (const file of files) {
    const text = await readFile(path.join(root, dir, file), 'utf8');
    const parsed = parsePlaylist(text, `${READ_ORIGIN}/${dir}/${file}`);
    if (!parsed.ok || parsed.playlist.kind !== 'media') throw new Error(`ffmpeg wrote an unreadable playlist in ${dir}`);
    const { mediaSequence, segments } = parsed.playlist;
    for (const s of segments) {
      const key = s.keys[0]?.uri;
      const entry: Entry = { duration: s.duration, uri: `../${dir}/${s.uri}` };
      entries.push(key === undefined ? entry : { ...entry, key: `..${new URL(key).pathname}`, sequence: mediaSequence + s.index });
    }
  }
  return entries;
}

/** An encrypted base's one encode, with the key and ffmpeg's key info written first. */
async function encryptedEncode(staging: string, base: BaseSource, plan: DemoPlan, font: string | null): Promise<{ files: string[]; args: string[] }> {
  const video = playerOf(plan, base);
  if (!video) throw new Error(`demo content: no video plays encrypted base ${base.id}`);
  const parts = filmParts(video, plan);
  await mkdir(path.join(staging, demoPaths.baseDir(base.id, base.renditions[0])), { recursive: true });
  await writeFile(path.join(staging, demoPaths.key(base.id)), demoKey(base.id));
  await writeFile(path.join(staging, demoPaths.keyInfo(base.id)), keyInfoText(base));
  return { files: parts.map((_p, i) => demoPaths.part(i)), args: encryptedBaseEncodeArgs(base, font, parts) };
}

async function posterDecryption(root: string, poster: PosterSource): Promise<SegmentDecryption | undefined> {
  if (poster.key === undefined || poster.sequence === undefined) return undefined;
  return { keyHex: (await readFile(path.join(root, poster.key))).toString('hex'), ivHex: sequenceIvHex(poster.sequence) };
}

async function writeVideo(root: string, video: DemoVideo, plan: DemoPlan, entries: EncodedEntries): Promise<{ manifest: ManifestVideo; posterFrom: PosterSource }> {
  const made = videoPlaylists(video, plan, entries);
  const dir = path.join(root, demoPaths.videoDir(video.slug));
  await mkdir(dir, { recursive: true });
  for (const f of made.files) await writeFile(path.join(dir, f.file), f.text);
  const playlists = made.files.flatMap((f) => (f.rendition ? [{ file: f.file, rendition: f.rendition, segments: f.segments, adSegments: f.adSegments, mediaAdSegments: f.mediaAdSegments }] : []));
  return { manifest: { slug: video.slug, seconds: made.seconds, master: video.master, playlists }, posterFrom: made.poster };
}

async function build(staging: string, plan: DemoPlan, ffmpeg: string, font: string | null, key: string): Promise<DemoManifest> {
  const plain = [demoPaths.playlist];
  const encodes = [];
  for (const b of plan.bases) {
    const dirs = b.renditions.map((r) => demoPaths.baseDir(b.id, r));
    const encode = b.encrypted ? await encryptedEncode(staging, b, plan, font) : b.sameLook ? { files: sameLookPartFiles(b), args: sameLookEncodeArgs(b, font) } : { files: plain, args: baseEncodeArgs(b, font) };
    const adSeconds = (b.sameLook?.ads ?? []).reduce((sum, a) => sum + a.seconds, 0);
    encodes.push({ cost: (b.seconds + adSeconds) * b.renditions.length, dirs, ...encode });
  }
  for (const c of plan.creatives) encodes.push({ cost: c.seconds, dirs: [demoPaths.adDir(c.id)], files: plain, args: adEncodeArgs(c, font) });
  encodes.sort((a, b) => b.cost - a.cost); // longest first: the pool finishes together
  for (const e of encodes) for (const d of e.dirs) await mkdir(path.join(staging, d), { recursive: true });
  await runLimited(
    encodes.map((e) => () => runFfmpeg(ffmpeg, e.args, staging)),
    demoConfig.maxParallelEncodes,
  );
  const entries = new Map<string, Entry[]>();
  for (const e of encodes) for (const d of e.dirs) entries.set(d, await readEntries(staging, d, e.files));
  const videos = [];
  for (const v of plan.videos) videos.push(await writeVideo(staging, v, plan, entries));
  await runLimited(
    videos.map((v) => async () => writePoster(ffmpeg, staging, v.posterFrom.segment, path.join(demoPaths.videoDir(v.manifest.slug), demoPaths.poster), await posterDecryption(staging, v.posterFrom))),
    demoConfig.maxParallelEncodes,
  );
  // ffmpeg exits 0 when a seek finds no frame, so check that the posters are really there.
  const missing = videos.filter((v) => !existsSync(path.join(staging, demoPaths.videoDir(v.manifest.slug), demoPaths.poster)));
  if (missing.length > 0) throw new Error(`demo content: ffmpeg wrote no poster for ${missing.map((v) => v.manifest.slug).join(', ')}`);
  const manifest: DemoManifest = { version: demoConfig.version, key, videos: videos.map((v) => v.manifest) };
  await writeFile(path.join(staging, demoConfig.stampFile), JSON.stringify(manifest, null, 1) + '\n');
  return manifest;
}

export async function generateDemoContent(options: GenerateOptions): Promise<GenerateResult> {
  const font = findFont();
  const key = contentKey(options.plan, font);
  const existing = await readManifest(options.dir);
  if (!options.force && existing && existing.key === key && complete(options.dir, existing)) return { manifest: existing, generated: false, encodeSeconds: 0 };

  options.log(`demo media: encoding ${options.plan.bases.length} sources and ${options.plan.creatives.length} ad creatives, cut into ${options.plan.videos.length} videos (once; under a minute on 2 cores)...`);
  if (!font) options.log('demo media: no font found for drawtext; titles, clocks and the AD label are left out');
  const started = performance.now();
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = path.join(path.dirname(options.dir), `.${path.basename(options.dir)}-staging-${stamp}`);
  const old = path.join(path.dirname(options.dir), `.${path.basename(options.dir)}-old-${stamp}`);
  try {
    const manifest = await build(staging, options.plan, options.ffmpegPath ?? defaultFfmpegPath(), font, key);
    if (existsSync(options.dir)) await rename(options.dir, old);
    await rename(staging, options.dir);
    return { manifest, generated: true, encodeSeconds: (performance.now() - started) / 1000 };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
}
