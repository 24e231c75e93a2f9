// What ffmpeg itself says about one media segment, for tests that must check
// media independently of the project's own readers: the stream lines of
// `ffmpeg -i` (PIDs, codec profile, size, frame rate, audio rate, channels,
// start time) and the encoder settings string x264 writes into its SEI.
// An fMP4 segment is probed with its init segment in front of it.

import { spawn } from 'node:child_process';
import { defaultFfmpegPath } from '../../server/services/media/ffmpeg';

export interface ProbedSegment {
  /** Seconds of the first timestamp. */
  start: number;
  /** MPEG-TS PIDs in stream order (empty for fMP4). */
  pids: number[];
  video: { profile: string; width: number; height: number; fps: number } | null;
  audio: { rate: number; channels: number } | null;
  /** x264's settings from its SEI ('options: ...'), or null when the segment carries none. */
  x264: string | null;
}

function run(args: readonly string[], input?: Buffer): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(defaultFfmpegPath(), ['-hide_banner', ...args], { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => out.push(c));
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', () => resolve({ stdout: Buffer.concat(out), stderr }));
    if (input && child.stdin) {
      child.stdin.on('error', () => undefined); // ffmpeg may stop reading before the end
      child.stdin.end(input);
    }
  });
}

const channelsOf = (layout: string) => (layout === 'mono' ? 1 : layout === 'stereo' ? 2 : Number.parseInt(layout, 10) || 0);

/** Probes bytes (a whole TS segment, or init + fragment). */
export async function probeSegment(bytes: Buffer): Promise<ProbedSegment> {
  const { stderr } = await run(['-i', 'pipe:0'], bytes);
  const start = Number(/start: (-?[\d.]+)/.exec(stderr)?.[1] ?? Number.NaN);
  const streams = stderr.split('\n').filter((l) => /Stream #\d+:\d+/.test(l));
  const pids = streams.flatMap((l) => {
    const m = /Stream #\d+:\d+\[0x([0-9a-f]+)\]/i.exec(l);
    return m ? [Number.parseInt(m[1], 16)] : [];
  });
  const v = streams.find((l) => l.includes('Video:'));
  const a = streams.find((l) => l.includes('Audio:'));
  const size = v ? /, (\d+)x(\d+)/.exec(v) : null;
  const video = v && size ? { profile: /h264 \(([^)]+)\)/.exec(v)?.[1] ?? '', width: Number(size[1]), height: Number(size[2]), fps: Number(/([\d.]+) fps/.exec(v)?.[1] ?? 0) } : null;
  const audioMatch = a ? /(\d+) Hz, ([^,]+)/.exec(a) : null;
  const audio = audioMatch ? { rate: Number(audioMatch[1]), channels: channelsOf(audioMatch[2].trim()) } : null;
  let x264: string | null = null;
  if (video) {
    const es = (await run(['-loglevel', 'error', '-i', 'pipe:0', '-map', '0:v:0', '-c', 'copy', '-bsf:v', 'h264_mp4toannexb', '-f', 'h264', 'pipe:1'], bytes)).stdout.toString('latin1');
    const at = es.indexOf('options: ');
    if (at >= 0) x264 = es.slice(at + 'options: '.length, es.indexOf('\0', at));
  }
  return { start, pids, video, audio, x264 };
}
