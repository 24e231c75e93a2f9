// ffmpeg arguments for the demo content (pure; generate.ts runs them). Every
// output is H.264 Constrained Baseline + mono AAC in MPEG-TS HLS segments
// with a key frame at each segment boundary, so playlists can cut anywhere
// between segments and splice films and ads between discontinuities.

import { adFormat, demoConfig, renditions } from './config';
import { adOverlay, adSource, baseSource, filmOverlay } from './looks';
import type { AdCreative, BaseSource } from './plan';

/** Layout under DATA_DIR/demo (and its staging twin). */
export const demoPaths = {
  baseDir: (base: string, rendition: string) => `sources/${base}/${rendition}`,
  adDir: (creative: string) => `ads/${creative}`,
  videoDir: (slug: string) => slug,
  playlist: 'index.m3u8',
  variant: (rendition: string) => `${rendition}.m3u8`,
  poster: 'poster.jpg',
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

function hlsArgs(dir: string, segmentSeconds: number, pattern: string): string[] {
  return [
    '-f', 'hls', '-hls_time', String(segmentSeconds), '-hls_playlist_type', 'vod', '-hls_segment_type', 'mpegts',
    '-hls_segment_filename', `${dir}/${pattern}`, `${dir}/${demoPaths.playlist}`,
  ];
}

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

/** A poster: one frame of a segment, as JPEG. Seeks after decoding: an input seek inside a one-key-frame segment finds no frame. */
export function posterArgs(segment: string, out: string): string[] {
  return ['-i', segment, '-ss', String(demoConfig.posterAtSeconds), '-frames:v', '1', '-q:v', String(demoConfig.posterQuality), out];
}
