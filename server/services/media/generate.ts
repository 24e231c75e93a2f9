// Demo HLS media made with ffmpeg (@ffmpeg-installer/ffmpeg):
//   content/index.m3u8   ~90 s 360p H.264/AAC, 4 s MPEG-TS segments, frame counter (testsrc2)
//   ads/index.m3u8       ~12 s "ad": SMPTE bars + 1 kHz tone
//   with-ads/index.m3u8  the content with the ad as pre-roll and mid-roll between
//                        #EXT-X-DISCONTINUITY tags; segments referenced as ../content/, ../ads/
// Idempotent: a version stamp in the output directory skips the work when it matches.

import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultFfmpegPath, runFfmpeg } from './ffmpeg';

export const demoMediaSpec = {
  version: 1, // bump when the outputs change
  contentSeconds: 90, // content length
  adSeconds: 12, // ad length
  segmentSeconds: 4, // HLS segment length
  width: 640,
  height: 360,
  fps: 30,
  videoKbps: 150, // low bitrate keeps a minute under 2 MB (TOOLCHAIN.md)
  audioKbps: 48,
  midRollAfterSegments: 10, // the mid-roll sits after this many content segments (40 s)
} as const;

const STAMP = '.demo-media.json';

export interface DemoMediaOptions {
  /** Output directory (default data/media under the current directory). */
  outDir?: string;
  /** Regenerate even when the stamp matches. */
  force?: boolean;
  /** ffmpeg binary (default @ffmpeg-installer/ffmpeg, or FFMPEG_PATH). */
  ffmpegPath?: string;
  log?: (message: string) => void;
}

export interface DemoMediaResult {
  outDir: string;
  skipped: boolean;
  /** Playlist paths relative to outDir. */
  playlists: { content: string; ads: string; withAds: string };
}

const playlists = { content: 'content/index.m3u8', ads: 'ads/index.m3u8', withAds: 'with-ads/index.m3u8' };

function hlsArgs(video: string, audio: number, seconds: number, dir: string, prefix: string): string[] {
  const s = demoMediaSpec;
  const gop = s.fps * s.segmentSeconds;
  return [
    '-f', 'lavfi', '-i', `${video}=size=${s.width}x${s.height}:rate=${s.fps}:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=${audio}:sample_rate=48000:duration=${seconds}`,
    '-c:v', 'libx264', '-profile:v', 'main', '-preset', 'veryfast', '-pix_fmt', 'yuv420p',
    '-b:v', `${s.videoKbps}k`, '-maxrate', `${s.videoKbps * 1.5}k`, '-bufsize', `${s.videoKbps * 2}k`,
    '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0',
    '-force_key_frames', `expr:gte(t,n_forced*${s.segmentSeconds})`,
    '-c:a', 'aac', '-b:a', `${s.audioKbps}k`, '-ac', '2', '-ar', '48000',
    '-f', 'hls', '-hls_time', String(s.segmentSeconds), '-hls_playlist_type', 'vod', '-hls_segment_type', 'mpegts',
    '-hls_segment_filename', `${dir}/${prefix}_%03d.ts`, `${dir}/index.m3u8`,
  ];
}

interface Entry {
  duration: number;
  uri: string;
}

/** EXTINF + URI pairs of a simple media playlist (the ones ffmpeg writes). */
function entries(text: string): Entry[] {
  const out: Entry[] = [];
  let duration = -1;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#') && duration >= 0) {
      out.push({ duration, uri: line });
      duration = -1;
    }
  }
  return out;
}

/** The spliced playlist: ad pre-roll, content, ad mid-roll, rest of the content. */
export function spliceWithAds(content: Entry[], ads: Entry[], midRollAfter: number): string {
  const ad = ads.map((e) => ({ ...e, uri: `../ads/${e.uri}` }));
  const main = content.map((e) => ({ ...e, uri: `../content/${e.uri}` }));
  const blocks = [ad, main.slice(0, midRollAfter), ad, main.slice(midRollAfter)].filter((b) => b.length > 0);
  const all = blocks.flat();
  const target = Math.ceil(Math.max(...all.map((e) => e.duration)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
  blocks.forEach((block, i) => {
    if (i > 0) lines.push('#EXT-X-DISCONTINUITY');
    for (const e of block) lines.push(`#EXTINF:${e.duration.toFixed(6)},`, e.uri);
  });
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

async function stampMatches(outDir: string): Promise<boolean> {
  try {
    const stamp = JSON.parse(await readFile(path.join(outDir, STAMP), 'utf8')) as unknown;
    if (JSON.stringify(stamp) !== JSON.stringify(demoMediaSpec)) return false;
    return Object.values(playlists).every((p) => existsSync(path.join(outDir, p)));
  } catch {
    return false;
  }
}

export async function generateDemoMedia(options: DemoMediaOptions = {}): Promise<DemoMediaResult> {
  const outDir = path.resolve(options.outDir ?? path.join('data', 'media'));
  const log = options.log ?? (() => undefined);
  if (!options.force && (await stampMatches(outDir))) return { outDir, skipped: true, playlists };

  const bin = options.ffmpegPath ?? defaultFfmpegPath();
  const staging = path.join(outDir, `.staging-${process.pid}-${Date.now()}`);
  await mkdir(path.join(staging, 'content'), { recursive: true });
  await mkdir(path.join(staging, 'ads'), { recursive: true });
  await mkdir(path.join(staging, 'with-ads'), { recursive: true });
  try {
    const s = demoMediaSpec;
    const started = Date.now();
    log(`ffmpeg: content (${s.contentSeconds} s)...`);
    await runFfmpeg(bin, hlsArgs('testsrc2', 440, s.contentSeconds, 'content', 'seg'), staging);
    log(`ffmpeg: ad (${s.adSeconds} s)...`);
    await runFfmpeg(bin, hlsArgs('smptehdbars', 1000, s.adSeconds, 'ads', 'ad'), staging);
    const content = entries(await readFile(path.join(staging, playlists.content), 'utf8'));
    const ads = entries(await readFile(path.join(staging, playlists.ads), 'utf8'));
    await writeFile(path.join(staging, playlists.withAds), spliceWithAds(content, ads, s.midRollAfterSegments));
    await rm(path.join(outDir, STAMP), { force: true });
    for (const dir of ['content', 'ads', 'with-ads']) {
      await rm(path.join(outDir, dir), { recursive: true, force: true });
      await rename(path.join(staging, dir), path.join(outDir, dir));
    }
    await writeFile(path.join(outDir, STAMP), JSON.stringify(demoMediaSpec, null, 2) + '\n');
    log(`demo media ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { outDir, skipped: false, playlists };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
