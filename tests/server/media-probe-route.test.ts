// The media probe through the real cleaned-playlist route (issue 19): every
// stream of the same-look corpus (tests/fixtures/same-look-ads), served over
// loopback with Range, comes back without its labelled ad seconds, the
// precision films uncut, within the probe budget; a segment host that fails
// leaves the text-only answer, never a 5xx.

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../server/db/schema/catalogue';
import { probeConfig } from '../../workers/core/media-probe/config';
import { startRangeFileServer, type RangeFileServer } from '../support/range-file-server';
import { buildTestApp, databaseKinds, type TestApp } from './helpers/test-app';

const root = path.join(__dirname, '../fixtures/same-look-ads');
interface Label {
  set: 'ads' | 'precision';
  playlist: string;
  ads: number[];
}
const labels = JSON.parse(readFileSync(path.join(root, 'labels.json'), 'utf8')) as Record<string, Label>;

/** Each segment's URI and EXTINF seconds, in order. */
function segmentsOf(text: string): { uri: string; seconds: number }[] {
  const out: { uri: string; seconds: number }[] = [];
  let seconds = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#')) out.push({ uri: line.trim(), seconds });
  }
  return out;
}

let files: RangeFileServer;
// A playlist whose segment URIs point at a port nobody listens on: every probe fails.
let dead: Server;
let deadOrigin: string;
beforeAll(async () => {
  files = await startRangeFileServer(root);
  const text = readFileSync(path.join(root, 'resolution-no-tags/index.m3u8'), 'utf8').replace(/^(\w+\.ts)$/gm, 'http://127.0.0.1:9/$1');
  dead = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' }).end(text));
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
  deadOrigin = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
});
afterAll(async () => {
  dead?.close();
  await files?.close();
});

describe.each(databaseKinds)('media probe through the clean route on %s', (kind) => {
  let t: TestApp;
  const clean = (src: string) => t.app.inject({ method: 'GET', url: `/api/v2/hls/clean.m3u8?src=${encodeURIComponent(src)}` });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await t.app.db.insert(videos).values([
      { typeId: 1, vodName: 'Same look', sourceKey: 'test:same-look', vodPlayUrl: `Line 1$${files.origin}/two-runs-restart/index.m3u8` },
      { typeId: 1, vodName: 'Dead segments', sourceKey: 'test:dead', vodPlayUrl: `Line 1$${deadOrigin}/p.m3u8` },
    ]);
  });
  afterAll(async () => t?.close());

  it('removes >= 99% of the labelled ad seconds and <= 0.1% of content seconds; precision films stay whole', async () => {
    let adSeconds = 0;
    let adRemoved = 0;
    let contentSeconds = 0;
    let contentRemoved = 0;
    const rows: string[] = [];
    for (const [name, label] of Object.entries(labels)) {
      const original = segmentsOf(readFileSync(path.join(root, label.playlist), 'utf8'));
      files.reset();
      const res = await clean(`${files.origin}/${label.playlist}`);
      expect(res.statusCode, name).toBe(200);
      const kept = new Set(segmentsOf(res.body).map((s) => s.uri.split('/').pop()));
      const ads = new Set(label.ads);
      let cut = 0;
      original.forEach((s, i) => {
        const removed = !kept.has(s.uri);
        if (ads.has(i)) {
          adSeconds += s.seconds;
          if (removed) adRemoved += s.seconds;
        } else {
          contentSeconds += s.seconds;
          if (removed) contentRemoved += s.seconds;
        }
        if (removed) cut++;
      });
      if (label.set === 'precision') expect(cut, `${name} is a film: nothing to cut`).toBe(0);
      expect(Number(res.headers['x-ad-segments']), name).toBe(cut);
      // The playlist itself is one request; the probe stays within its budget.
      expect(files.stats.requests - 1, name).toBeLessThanOrEqual(probeConfig.maxRequests);
      expect(files.stats.bytes, name).toBeLessThanOrEqual(probeConfig.maxBytes + 64 * 1024);
      rows.push(`${name}: cut ${cut}, ${files.stats.requests - 1} requests, ${files.stats.bytes} bytes`);
    }
    const adShare = adRemoved / adSeconds;
    const contentShare = contentRemoved / contentSeconds;
    console.log(`same-look corpus through the route: ad seconds removed ${(adShare * 100).toFixed(2)}% (${adRemoved}/${adSeconds}), content removed ${(contentShare * 100).toFixed(3)}% (${contentRemoved}/${contentSeconds})\n  ${rows.join('\n  ')}`);
    expect(adShare).toBeGreaterThanOrEqual(0.99);
    expect(contentShare).toBeLessThanOrEqual(0.001);
  });

  it('answers a second request for the same segments from the signature cache', async () => {
    const src = `${files.origin}/audio-rate/index.m3u8`;
    await clean(`${src}?first`);
    files.reset();
    const res = await clean(`${src}?again`);
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-ad-segments'])).toBe(labels['audio-rate'].ads.length);
    expect(files.stats.requests).toBe(1);
  });

  it('keeps the text-only answer when the segments cannot be read', async () => {
    const res = await clean(`${deadOrigin}/p.m3u8`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ad-segments']).toBe('0');
    expect(segmentsOf(res.body)).toHaveLength(11);
  });
});
