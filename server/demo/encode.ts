// ffmpeg arguments for the demo content (pure; generate.ts runs them). Every
// output is H.264 Constrained Baseline + mono AAC in MPEG-TS HLS segments
// with a key frame at each segment boundary, so playlists can cut anywhere
// between segments and splice films and ads between discontinuities.

import { adFormat, demoConfig, encryption, renditions } from './config';
import { adOverlay, adSource, baseSource, filmOverlay } from './looks';
import type { AdCreative, BaseSource, FilmPart } from './types';

/** Layout under DATA_DIR/demo (and its staging twin). */
export const demoPaths = {
  baseDir: (base: string, rendition: string) => `sources/${base}/${rendition}`,
  adDir: (creative: string) => `ads/${creative}`,
  videoDir: (slug: string) => slug,
  playlist: 'index.m3u8',
  variant: (rendition: string) => `${rendition}.m3u8`,
  poster: 'poster.jpg',
  key: (base: string) => `sources/${base}/${encryption.keyFile}`,
  keyInfo: (base: string) => `sources/${base}/${encryption.keyInfoFile}`,
  /** An encrypted base's playlist of its n-th film part (encrypted.ts), next to the segments. */
  part: (n: number) => `part_${n}.m3u8`,
} as const;

function videoArgs(kbps: number, segmentSeconds: number): string[] {
  const gop = String(demoConfig.fps * segmentSeconds);
  return [
    '-c:v', 'libx264', '-preset', demoConfig.ffmpegPreset, '-threads', String(demoConfig.x264Threads), ...demoConfig.videoProfile, '-pix_fmt', 'yuv420p',
    '-b:v', `${kbps}k`, '-maxrate', `${Math.round(kbps * 1.25)}k`, '-bufsize', `${kbps * 2}k`,
    '-g', gop, '-keyint_min', gop, '-sc_threshold', '0', '-force_key_frames', `expr:gte(t,n_forced*${segmentSeconds})`,
  ];
}

function audioArgs(): string[] {
  return ['-c:a', 'aac', '-b:a', `${demoConfig.audioKbps}k`, '-ac', '1', '-ar', String(demoConfig.audioRate)];
}

function hlsArgs(dir: string, segmentSeconds: number, pattern: string, playlist: string = demoPaths.playlist): string[] {
  return [
    '-f', 'hls', '-hls_time', String(segmentSeconds), '-hls_playlist_type', 'vod', '-hls_segment_type', 'mpegts',
    '-hls_segment_filename', `${dir}/${pattern}`, `${dir}/${playlist}`,
  ];
}

const labels = (prefix: string, n: number) => Array.from({ length: n }, (_v, i) => `[${prefix}${i}]`).join('');

/** One ffmpeg run rendering a base once and encoding every rendition of it. */
export function baseEncodeArgs(base: BaseSource, font: string | null): string[] {
  const sizes = base.renditions.map((r) => renditions[r]);
  const largest = sizes.reduce((a, b) => (b.height > a.height ? b : a));
  const frame = { width: largest.width, height: largest.height, fps: demoConfig.fps, seconds: base.seconds };
  const n = sizes.length;
  const videoSplit = n > 1 ? `,split=${n}${sizes.map((_s, i) => `[s${i}]`).join('')};` + sizes.map((s, i) => `[s${i}]scale=${s.width}:${s.height}[v${i}]`).join(';') : `,scale=${sizes[0].width}:${sizes[0].height}[v0]`;
  const audioSplit = n > 1 ? `,asplit=${n}${sizes.map((_s, i) => `[a${i}]`).join('')}` : '[a0]';
  const graph = `[0:v]${filmOverlay(font, base.title, largest.height)}${videoSplit};[1:a]volume=${demoConfig.contentVolume}${audioSplit}`;
  const args = [
    '-f', 'lavfi', '-i', baseSource(base.look, frame),
    '-f', 'lavfi', '-i', `sine=frequency=${base.toneHz}:beep_factor=4:sample_rate=${demoConfig.audioRate}:duration=${base.seconds}`,
    '-filter_complex', graph,
  ];
  base.renditions.forEach((r, i) => {
    args.push('-map', `[v${i}]`, '-map', `[a${i}]`, ...videoArgs(renditions[r].videoKbps, demoConfig.segmentSeconds), ...audioArgs());
    args.push(...hlsArgs(demoPaths.baseDir(base.id, r), demoConfig.segmentSeconds, 'seg_%05d.ts'));
  });
  return args;
}

/**
 * An encrypted base (encrypted.ts): rendered once, cut into its film parts, each part an HLS output encrypted
 * with the base's key and no IV, its segment counter (so its IVs) starting at the part's number in the video.
 */
export function encryptedBaseEncodeArgs(base: BaseSource, font: string | null, parts: readonly FilmPart[]): string[] {
  const rendition = base.renditions[0];
  const size = renditions[rendition];
  const frame = { width: size.width, height: size.height, fps: demoConfig.fps, seconds: base.seconds };
  const n = parts.length;
  // The clock is drawn before the cut, so it shows film time; each part's timestamps start again at 0.
  const graph = [
    `[0:v]${filmOverlay(font, base.title, size.height)},split=${n}${labels('s', n)}`,
    ...parts.map((p, i) => `[s${i}]trim=start=${p.fromSeconds}:duration=${p.seconds},setpts=PTS-STARTPTS[v${i}]`),
    `[1:a]volume=${demoConfig.contentVolume},asplit=${n}${labels('b', n)}`,
    ...parts.map((p, i) => `[b${i}]atrim=start=${p.fromSeconds}:duration=${p.seconds},asetpts=PTS-STARTPTS[a${i}]`),
  ].join(';');
  const args = [
    '-f', 'lavfi', '-i', baseSource(base.look, frame),
    '-f', 'lavfi', '-i', `sine=frequency=${base.toneHz}:beep_factor=4:sample_rate=${demoConfig.audioRate}:duration=${base.seconds}`,
    '-filter_complex', graph,
  ];
  parts.forEach((p, i) => {
    args.push('-map', `[v${i}]`, '-map', `[a${i}]`, ...videoArgs(size.videoKbps, demoConfig.segmentSeconds), ...audioArgs());
    args.push('-hls_key_info_file', demoPaths.keyInfo(base.id), '-start_number', String(p.firstSequence));
    args.push(...hlsArgs(demoPaths.baseDir(base.id, rendition), demoConfig.segmentSeconds, 'seg_%05d.ts', demoPaths.part(i)));
  });
  return args;
}

/** One ad creative: bars or a flat colour, a big 'AD', a loud 1 kHz tone, 320x180. */
export function adEncodeArgs(creative: AdCreative, font: string | null): string[] {
  const frame = { width: adFormat.width, height: adFormat.height, fps: demoConfig.fps, seconds: creative.seconds };
  return [
    '-f', 'lavfi', '-i', adSource(creative.look, frame),
    '-f', 'lavfi', '-i', `sine=frequency=${adFormat.toneHz}:sample_rate=${demoConfig.audioRate}:duration=${creative.seconds}`,
    '-filter_complex', `[0:v]${adOverlay(font, creative.label, adFormat.height)}[v]`,
    '-map', '[v]', '-map', '1:a', ...videoArgs(adFormat.videoKbps, creative.segmentSeconds), ...audioArgs(),
    ...hlsArgs(demoPaths.adDir(creative.id), creative.segmentSeconds, 'ad_%03d.ts'),
  ];
}

/** Key and IV (hex) of an encrypted segment, for ffmpeg's crypto: protocol. */
export interface SegmentDecryption {
  keyHex: string;
  ivHex: string;
}

/**
 * A poster: one frame of a segment, as JPEG of the given qscale, at the poster rendition's size. Seeks after decoding:
 * an input seek inside a one-key-frame segment finds no frame.
 */
export function posterArgs(segment: string, out: string, quality: number, decryption?: SegmentDecryption): string[] {
  const input = decryption ? ['-key', decryption.keyHex, '-iv', decryption.ivHex, '-i', `crypto:${segment}`] : ['-i', segment];
  const { width, height } = renditions[demoConfig.posterRendition];
  return [...input, '-ss', String(demoConfig.posterAtSeconds), '-frames:v', '1', '-vf', `scale=${width}:${height}`, '-q:v', String(quality), out];
}
