// ffmpeg arguments of a same-look base (same-look.ts): one run renders the
// film once and writes each film part and each ad as its own HLS output into
// the base's one directory, numbered from its place in the playlist. Film
// parts keep the playlist's timeline (the film runs on across an ad, as a
// stitched stream does); 'resolution' and 'audio' ads keep it too, so only
// their encode differs, while 'encoder' ads jump ahead of it.

import { adFormat, demoConfig, renditions, sameLookAds } from './config';
import { demoPaths } from './encode';
import { adOverlay, adSource, baseSource, filmOverlay } from './looks';
import { sameLookBlocks, type SameLookBlock } from './same-look';
import type { BaseSource } from './types';

const seg = demoConfig.segmentSeconds;

function videoArgs(kbps: number, codecArgs: readonly string[]): string[] {
  const gop = String(demoConfig.fps * seg);
  return [
    '-c:v', 'libx264', ...codecArgs, '-threads', String(demoConfig.x264Threads), '-pix_fmt', 'yuv420p',
    '-b:v', `${kbps}k`, '-maxrate', `${Math.round(kbps * 1.25)}k`, '-bufsize', `${kbps * 2}k`,
    '-g', gop, '-keyint_min', gop, '-sc_threshold', '0', '-force_key_frames', `expr:gte(t,n_forced*${seg})`,
  ];
}

const audioArgs = (kbps: number, channels: number, rate: number) => ['-c:a', 'aac', '-b:a', `${kbps}k`, '-ac', String(channels), '-ar', String(rate)];

/** Timestamps from `seconds` on: the filter graph's own, which the HLS outputs keep (-vsync passthrough). */
const shift = (seconds: number) => `PTS-STARTPTS+${seconds}/TB`;

export function sameLookEncodeArgs(base: BaseSource, font: string | null): string[] {
  const rendition = base.renditions[0];
  const size = renditions[rendition];
  const dir = demoPaths.baseDir(base.id, rendition);
  const blocks = sameLookBlocks(base, seg);
  const film = blocks.filter((b) => !b.ad);
  const ads = blocks.filter((b) => b.ad);
  const filmPad = (b: SameLookBlock) => `f${film.indexOf(b)}`;
  const adPad = (b: SameLookBlock) => `d${ads.indexOf(b)}`;
  const args = [
    // Frames keep the graph's timestamps: the default would fill from 0 up to a part's start with copies.
    '-vsync', 'passthrough',
    '-f', 'lavfi', '-i', baseSource(base.look, { width: size.width, height: size.height, fps: demoConfig.fps, seconds: base.seconds }),
    '-f', 'lavfi', '-i', `sine=frequency=${base.toneHz}:beep_factor=4:sample_rate=${demoConfig.audioRate}:duration=${base.seconds}`,
  ];
  const graph = [
    `[0:v]${filmOverlay(font, base.title, size.height)},split=${film.length}${film.map((b) => `[s${filmPad(b)}]`).join('')}`,
    ...film.map((b) => `[s${filmPad(b)}]trim=start=${b.fromSeconds}:duration=${b.seconds},setpts=${shift(b.atSeconds)}[v${filmPad(b)}]`),
    `[1:a]volume=${demoConfig.contentVolume},asplit=${film.length}${film.map((b) => `[b${filmPad(b)}]`).join('')}`,
    ...film.map((b) => `[b${filmPad(b)}]atrim=start=${b.fromSeconds}:duration=${b.seconds},asetpts=${shift(b.atSeconds)}[a${filmPad(b)}]`),
  ];
  ads.forEach((b, i) => {
    if (!b.ad) return;
    const { kind, look, label } = b.ad;
    const { width, height } = kind === 'resolution' ? sameLookAds.resolution : size;
    const rate = kind === 'audio' ? sameLookAds.audio.rate : demoConfig.audioRate;
    const at = kind === 'encoder' ? b.atSeconds + sameLookAds.ptsJumpSeconds : b.atSeconds;
    const video = 2 + 2 * i;
    args.push('-f', 'lavfi', '-i', adSource(look, { width, height, fps: demoConfig.fps, seconds: b.seconds }));
    args.push('-f', 'lavfi', '-i', `sine=frequency=${adFormat.toneHz}:sample_rate=${rate}:duration=${b.seconds}`);
    graph.push(`[${video}:v]${adOverlay(font, label, height)},setpts=${shift(at)}[v${adPad(b)}]`, `[${video + 1}:a]asetpts=${shift(at)}[a${adPad(b)}]`);
  });
  args.push('-filter_complex', graph.join(';'));
  blocks.forEach((b, i) => {
    const pad = b.ad ? adPad(b) : filmPad(b);
    // Wait for both streams however far one runs ahead: the parts share one graph, so audio comes long before video.
    args.push('-map', `[v${pad}]`, '-map', `[a${pad}]`, ...encodeOf(b, size.videoKbps), '-max_interleave_delta', '0');
    args.push('-f', 'hls', '-hls_time', String(seg), '-hls_playlist_type', 'vod', '-hls_segment_type', 'mpegts', '-start_number', String(b.firstSequence));
    args.push('-hls_segment_filename', `${dir}/seg_%05d.ts`, `${dir}/${demoPaths.part(i)}`);
  });
  return args;
}

/** The film's 240p encode, or the one thing an ad's kind changes in it. */
function encodeOf(b: SameLookBlock, filmKbps: number): string[] {
  const filmCodec = ['-preset', demoConfig.ffmpegPreset, ...demoConfig.videoProfile];
  const filmAudio = audioArgs(demoConfig.audioKbps, 1, demoConfig.audioRate);
  switch (b.ad?.kind) {
    case undefined:
      return [...videoArgs(filmKbps, filmCodec), ...filmAudio];
    case 'resolution':
      return [...videoArgs(sameLookAds.resolution.videoKbps, filmCodec), ...filmAudio];
    case 'audio':
      return [...videoArgs(filmKbps, filmCodec), ...audioArgs(sameLookAds.audio.kbps, sameLookAds.audio.channels, sameLookAds.audio.rate)];
    case 'encoder':
      return [...videoArgs(filmKbps, sameLookAds.encoderArgs), ...filmAudio];
  }
}

/** The playlists the encode writes, in play order (generate.ts reads them back). */
export function sameLookPartFiles(base: BaseSource): string[] {
  return sameLookBlocks(base, seg).map((_b, i) => demoPaths.part(i));
}
