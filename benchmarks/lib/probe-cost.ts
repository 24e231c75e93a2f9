// Probe cost per playlist (issue 19) for bench:engine: the media probe over
// the same-look corpus served on loopback with Range, through a plain fetch()
// Range reader (what the engine worker would use), and over a 900-segment
// playlist made of the corpus's segments repeated (every 12th segment starts a
// new timeline: a worst case for the plan's look-closer rounds).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startRangeFileServer } from '../../tests/support/range-file-server';
import { budgetedReader, detectAds, parsePlaylist, probePlaylist, type MediaPlaylist, type RangeFetcher } from '../../workers/core/index';

const fetchRange: RangeFetcher = async (url, ask, signal) => {
  try {
    const range = 'suffix' in ask ? `bytes=-${ask.suffix}` : `bytes=${ask.offset}-${ask.offset + ask.length - 1}`;
    const res = await fetch(url, { headers: { Range: range }, signal });
    if (!res.ok) return { ok: false, error: { code: 'fetch', message: `HTTP ${res.status}`, retryable: res.status >= 500 } };
    const total = Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
    return { ok: true, bytes: new Uint8Array(await res.arrayBuffer()), total: Number.isFinite(total) ? total : undefined };
  } catch (e) {
    return { ok: false, error: { code: 'fetch', message: String(e), retryable: true } };
  }
};

export async function probeCostLines(root: string): Promise<string[]> {
  const labels = JSON.parse(readFileSync(path.join(root, 'labels.json'), 'utf8')) as Record<string, { playlist: string; ads: number[] }>;
  const server = await startRangeFileServer(root);
  const lines = ['', 'probe cost per playlist: requests, bytes, ms (same-look corpus over loopback Range)'];
  try {
    const probe = async (name: string, text: string, url: string) => {
      const parsed = parsePlaylist(text, url);
      if (!parsed.ok || parsed.playlist.kind !== 'media') throw new Error(`${name} did not parse`);
      const playlist = parsed.playlist as MediaPlaylist;
      server.reset();
      const out = await probePlaylist(playlist, budgetedReader(fetchRange), { detection: detectAds(playlist) });
      lines.push(`${name.padEnd(28)}${String(playlist.segments.length).padStart(5)} segs ${String(out.cost.requests).padStart(4)} req ${(out.cost.bytes / 1024).toFixed(0).padStart(6)} KiB ${String(out.cost.ms).padStart(5)} ms  ads found ${out.adSegments.length}`);
    };
    for (const [name, label] of Object.entries(labels)) await probe(name, readFileSync(path.join(root, label.playlist), 'utf8'), `${server.origin}/${label.playlist}`);
    const source = readFileSync(path.join(root, 'bitrate-change/index.m3u8'), 'utf8');
    const uris = source.split('\n').filter((l) => l && !l.startsWith('#'));
    const body = Array.from({ length: 900 }, (_, i) => `${i > 0 && i % uris.length === 0 ? '#EXT-X-DISCONTINUITY\n' : ''}#EXTINF:6.0,\n${uris[i % uris.length]}`);
    await probe('900 segments (worst case)', ['#EXTM3U', '#EXT-X-TARGETDURATION:6', ...body, '#EXT-X-ENDLIST', ''].join('\n'), `${server.origin}/bitrate-change/index.m3u8`);
  } finally {
    await server.close();
  }
  return lines;
}
