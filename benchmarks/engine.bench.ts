// Engine benchmark (Node): parse, detect, clean (serialize), clip selection and
// the full pipeline on realistic playlists of 100, 1,000 and 10,000 segments,
// with hls-parser (parse + stringify) and m3u8-parser (parse) timed in the same
// run on the same text as anchors.
//
//   npm run bench:engine            # prints the table, writes benchmarks/results/engine.json
//   npm run bench:engine -- --quick # fewer iterations
//
// Target: our pipeline (cleanPlaylist(text, url).text) takes <= 0.6x the time
// of hls-parser's parse + stringify at 10,000 segments. The ratio is measured
// in alternating rounds (pipeline, anchor, anchor, pipeline, ...) and the
// median per-round ratio reported: two medians measured one after the other
// drifted by +-15% between runs on a 2-core machine. The figures are printed
// (PASS/FAIL); the process exits 0 either way.

import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateBenchPlaylist } from '../tests/fixtures/ads/generate';
import { buildCleanPlaylist, cleanPlaylist, createRandom, detectAds, parsePlaylist, selectClip, type MediaPlaylist } from '../workers/core/index';
import { measure, measureRatio, sinkValue, type Measurement, type MeasureOptions, type PairedRatio } from './lib/measure';
import { probeCostLines } from './lib/probe-cost';

const require = createRequire(import.meta.url);
// Both anchors are CommonJS; require keeps their exports whatever the ESM interop does.
const HLS = require('hls-parser') as typeof import('hls-parser');
const m3u8Parser = require('m3u8-parser') as { Parser: new () => { push(text: string): void; end(): void; manifest: unknown } };

const SIZES = [100, 1_000, 10_000] as const;
const TARGET_RATIO = 0.6;
const TARGET_SIZE = 10_000;

const quick = process.argv.includes('--quick');
const opts = (segments: number): MeasureOptions => ({
  warmupIterations: segments >= 10_000 ? 5 : 20,
  warmupMs: quick ? 50 : 300,
  minIterations: quick ? 10 : segments >= 10_000 ? 30 : 100,
  minTimeMs: quick ? 200 : 1500,
});

function mediaOf(text: string, url: string): MediaPlaylist {
  const parsed = parsePlaylist(text, url);
  if (!parsed.ok || parsed.playlist.kind !== 'media') throw new Error('benchmark playlist did not parse as a media playlist');
  return parsed.playlist;
}

interface SizeResult {
  segments: number;
  bytes: number;
  labelledAdSegments: number;
  detectedAdSegments: number;
  results: Record<string, Measurement>;
  /** Median of per-round ratios pipeline / hls-parser parse+stringify, timed in alternation. */
  ratioVsHlsParser: number;
  paired: PairedRatio;
}

function benchSize(segments: number): SizeResult {
  const { text, url, adSegments } = generateBenchPlaylist(segments);
  const playlist = mediaOf(text, url);
  const detection = detectAds(playlist);
  const clean = buildCleanPlaylist(playlist, detection.adSegments);
  const o = opts(segments);
  const list: Measurement[] = [
    measure('parse', () => parsePlaylist(text, url), o),
    measure('detect', () => detectAds(playlist), o),
    measure('clean (serialize)', () => buildCleanPlaylist(playlist, detection.adSegments).text, o),
    measure('clip-select', () => selectClip(clean.kept, { random: createRandom(7) }), o),
    measure('pipeline', () => cleanPlaylist(text, url).text, o),
    measure('hls-parser parse+stringify', () => HLS.stringify(HLS.parse(text)), o),
    measure('m3u8-parser parse', () => {
      const p = new m3u8Parser.Parser();
      p.push(text);
      p.end();
      return p.manifest;
    }, o),
  ];
  const results = Object.fromEntries(list.map((m) => [m.name, m]));
  const paired = measureRatio(
    () => cleanPlaylist(text, url).text,
    () => HLS.stringify(HLS.parse(text)),
    o,
  );
  return {
    segments,
    bytes: Buffer.byteLength(text),
    labelledAdSegments: adSegments.length,
    detectedAdSegments: detection.adSegments.length,
    results,
    ratioVsHlsParser: paired.medianRatio,
    paired,
  };
}

function fmt(ms: number): string {
  return ms >= 100 ? ms.toFixed(1) : ms >= 1 ? ms.toFixed(3) : ms.toFixed(4);
}

function main(): void {
  const sizes: SizeResult[] = [];
  for (const n of SIZES) {
    process.stderr.write(`benchmarking ${n} segments...\n`);
    sizes.push(benchSize(n));
  }
  const names = Object.keys(sizes[0].results);
  const header = `${'median ms'.padEnd(28)}${sizes.map((s) => `${s.segments} seg`.padStart(14)).join('')}`;
  const lines = [header, '-'.repeat(header.length)];
  for (const name of names) lines.push(`${name.padEnd(28)}${sizes.map((s) => fmt(s.results[name].medianMs).padStart(14)).join('')}`);
  lines.push(`${'pipeline / hls-parser'.padEnd(28)}${sizes.map((s) => `${s.ratioVsHlsParser.toFixed(2)}x`.padStart(14)).join('')}`);
  lines.push(`${'  (p10-p90 of rounds)'.padEnd(28)}${sizes.map((s) => `${s.paired.p10.toFixed(2)}-${s.paired.p90.toFixed(2)}`.padStart(14)).join('')}`);
  lines.push(`${'playlist size'.padEnd(28)}${sizes.map((s) => `${(s.bytes / 1024).toFixed(0)} KiB`.padStart(14)).join('')}`);
  lines.push(`${'ad segments (labelled/found)'.padEnd(28)}${sizes.map((s) => `${s.labelledAdSegments}/${s.detectedAdSegments}`.padStart(14)).join('')}`);
  const atTarget = sizes.find((s) => s.segments === TARGET_SIZE);
  const pass = atTarget !== undefined && atTarget.ratioVsHlsParser <= TARGET_RATIO;
  lines.push('');
  lines.push(`target: pipeline <= ${TARGET_RATIO}x hls-parser parse+stringify at ${TARGET_SIZE} segments: ${atTarget ? atTarget.ratioVsHlsParser.toFixed(2) : '?'}x ${pass ? 'PASS' : 'FAIL'}`);
  console.log(lines.join('\n'));

  const here = path.dirname(fileURLToPath(import.meta.url));
  const outDir = path.join(here, 'results');
  mkdirSync(outDir, { recursive: true });
  const json = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    quick,
    target: { ratio: TARGET_RATIO, segments: TARGET_SIZE, measured: atTarget?.ratioVsHlsParser ?? null, pass },
    sizes,
    sink: sinkValue(),
  };
  writeFileSync(path.join(outDir, 'engine.json'), `${JSON.stringify(json, null, 1)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), path.join(outDir, 'engine.json'))}`);
}

main();
// Issue 19: what the media probe costs per playlist.
console.log((await probeCostLines(path.join(path.dirname(fileURLToPath(import.meta.url)), '../tests/fixtures/same-look-ads'))).join('\n'));
