// GET / names the feed's first poster in the page (server/static/index-page.ts),
// through the real app: the poster of the first video with a play address of
// the feed's own first catalogue request, escaped; none when that video has no
// safe poster; compressed, revalidated and under the page's policy as before.
// Every page also carries the app config answer as a data block (app-config-embed.ts).

import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { upsertVideos, type VideoInput } from '../../server/services/catalogue/index';
import { staticConfig } from '../../server/static/config';
import { requestKey } from '../../src/api/early';
import { databaseKinds, openTestDatabase, testConfig, type TestDatabase } from './helpers/test-app';

const indexHtml = readFileSync(path.join(__dirname, '../../index.html'), 'utf8');
const HOUR = 3_600_000;
const T0 = new Date('2025-03-01T12:00:00Z');

const video = (sourceKey: string, hoursAgo: number, more: Partial<VideoInput> = {}): VideoInput => ({
  sourceKey,
  vodName: sourceKey,
  typeId: 1,
  vodTime: new Date(T0.getTime() - hoursAgo * HOUR),
  ...more,
});

const playable = (n: number): Partial<VideoInput> => ({ vodPlayUrl: `HD$https://cdn.example.com/${n}/index.m3u8`, vodPlayFrom: 'demo' });

const EMBEDDED = /<script type="application\/json" id="clipfeed-app-config">([\s\S]*?)<\/script>/g;

/** The page without its embedded app config, which must be there exactly once, just before </body>. */
function asBuilt(body: string): string {
  const blocks = [...body.matchAll(EMBEDDED)];
  expect(blocks).toHaveLength(1);
  expect(body.indexOf(blocks[0][0]) + blocks[0][0].length).toBe(body.lastIndexOf('</body>'));
  return body.replace(EMBEDDED, '');
}

/** What index.html's inline script asks for at `url`, on a page with or without the v2 catalogue mark. */
function inlineScriptFetches(url: string, marked: boolean): string[] {
  const script = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)![1];
  const fetched: string[] = [];
  const fetchStub = (address: string) => {
    fetched.push(address);
    return new Promise<never>(() => undefined);
  };
  const document = { querySelector: (selector: string) => (marked && selector === 'meta[name="clipfeed-catalogue"][content="v2"]' ? {} : null) };
  const search = new URL(url, 'http://local').search;
  Function('window', 'location', 'fetch', 'localStorage', 'document', script)({ fetch: fetchStub }, { search, href: `http://local/${search}` }, fetchStub, { getItem: () => null }, document);
  return fetched;
}

/** Whether index.html's inline script, at `url`, starts the feed's first visit (it asks for the first page, then reads the poster). */
function inlineScriptOpensFeed(url: string): boolean {
  return inlineScriptFetches(url, false).some((address) => address.startsWith('/api.php/provide/vod/?ac=detail'));
}

describe.each(databaseKinds)('the page names the first poster on %s', (kind) => {
  let app: FastifyInstance | null = null;
  let db: TestDatabase | null = null;

  async function start(rows: VideoInput[], appConfigFile?: unknown): Promise<FastifyInstance> {
    db = await openTestDatabase(kind);
    const dist = mkdtempSync(path.join(tmpdir(), 'clipfeed-dist-'));
    copyFileSync(path.join(__dirname, '../../index.html'), path.join(dist, 'index.html'));
    const config = testConfig();
    if (appConfigFile !== undefined) writeFileSync(path.join(config.dataDir, 'app-config.json'), JSON.stringify(appConfigFile));
    app = await buildApp({ config, database: db.database, distDir: dist, closeDatabase: false, backgroundWorkStarts: 'ready' });
    await app.ready();
    for (const row of rows) await upsertVideos(app.db, [row]);
    // The database's first query is slow on a busy machine; the page waits for the answer only briefly.
    await app.inject({ method: 'GET', url: '/api.php/provide/vod/?ac=list' });
    return app;
  }

  afterEach(async () => {
    await app?.close();
    await db?.drop();
    app = null;
    db = null;
  });

  const idOf = async (a: FastifyInstance, name: string): Promise<number> => {
    const list = (await a.inject({ method: 'GET', url: '/api.php/provide/vod/?ac=list&pagesize=100' })).json() as { list: { vod_id: number; vod_name: string }[] };
    return list.list.find((v) => v.vod_name === name)!.vod_id;
  };

  it('names the poster of the first video the feed can play, escaped, before the inline script that reads it', async () => {
    const a = await start([
      video('no-address', 1, { vodPic: 'https://img.example.com/skipped.jpg' }),
      video('first', 2, { ...playable(1), vodPic: ' /media/demo/x/poster.jpg?a=1&b="2"><script>' }),
      video('second', 3, { ...playable(2), vodPic: 'https://img.example.com/second.jpg' }),
    ]);
    const firstId = await idOf(a, 'first');
    const res = await a.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
    const escaped = '/media/demo/x/poster.jpg?a=1&amp;b=&quot;2&quot;&gt;&lt;script&gt;';
    const meta = `<meta name="clipfeed-first-poster" content="${escaped}" data-item-id="${firstId}" />`;
    // Preloaded as the page's first request: the inline script paints it from there without fetching it itself.
    const preload = `<link rel="preload" as="image" fetchpriority="high" href="${escaped}" />`;
    expect(res.body).toContain(meta + preload);
    expect(res.body.indexOf(meta)).toBeLessThan(res.body.indexOf('<script>'));
    expect(indexHtml).toContain('document.querySelector(\'link[rel="preload"][as="image"]\')');
    // Only the hint and the preload are added: the rest is the page as built (so the inline scripts' hashes still hold).
    expect(asBuilt(res.body.replace(meta + preload, ''))).toBe(indexHtml);
  });

  it('names and preloads it only for a visit that opens on the feed, as index.html\'s inline script decides', async () => {
    const a = await start([video('first', 1, { ...playable(1), vodPic: 'https://img.example.com/first.jpg' })]);
    const opens = ['/', '/?n=douyin', '/?mute=1', '/?n=douyin&t=3'];
    // Another page, or the feed restoring a video (i=): the inline script shows no early poster, the page goes out as built.
    const others = ['/?n=discover', '/?n=search&q=x', '/?c=2', '/?vid=3', '/?tab=a', '/?pg=2', '/?i=12', '/?n=douyin&i=5'];
    for (const url of opens) {
      expect(inlineScriptOpensFeed(url), url).toBe(true);
      expect((await a.inject({ method: 'GET', url })).body, url).toContain('<link rel="preload" as="image" fetchpriority="high" href="https://img.example.com/first.jpg" />');
    }
    for (const url of others) {
      expect(inlineScriptOpensFeed(url), url).toBe(false);
      expect(asBuilt((await a.inject({ method: 'GET', url })).body), url).toBe(indexHtml);
    }
  });

  it('marks the page when the browsing pages read the v2 endpoints, and index.html then asks discover\'s MacCMS answers for nothing', async () => {
    const a = await start([video('first', 1, { ...playable(1), vodPic: 'https://img.example.com/first.jpg' })], { flags: { useAlternativeEndpoint: true } });
    const mark = '<meta name="clipfeed-catalogue" content="v2" />';
    const discover = (await a.inject({ method: 'GET', url: '/?n=discover' })).body;
    expect(asBuilt(discover)).toBe(indexHtml.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />${mark}`));
    expect((await a.inject({ method: 'GET', url: '/' })).body).toContain(mark);
    expect(inlineScriptFetches('/?n=discover', true)).toEqual([]);
    // Unmarked (the MacCMS answers): the discover home's answers go out early.
    expect(inlineScriptFetches('/?n=discover', false).length).toBeGreaterThan(0);
  });

  it('names none when the first playable video has no safe poster (never a later video\'s), or the catalogue is empty', async () => {
    const a = await start([video('first', 1, { ...playable(1), vodPic: 'javascript:alert(1)' }), video('second', 2, { ...playable(2), vodPic: 'https://img.example.com/second.jpg' })]);
    const res = await a.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(asBuilt(res.body)).toBe(indexHtml);
    await a.close();
    await db!.drop();
    const empty = await start([]);
    expect(asBuilt((await empty.inject({ method: 'GET', url: '/' })).body)).toBe(indexHtml);
  });

  it('embeds the app config answer, the same as GET /api/v1/app/config, which no text in it can break out of', async () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const a = await start([video('first', 1, { ...playable(1), vodPic: 'https://img.example.com/first.jpg' })], {
      flags: { promotionTab: true, creditsDisplay: true },
      slotAds: { 'category-header': { enabled: true, type: 'text', title: hostile, url: 'https://partner.example/' } },
    });
    const answer = (await a.inject({ method: 'GET', url: '/api/v1/app/config' })).json() as { flags: Record<string, boolean>; slotAds: Record<string, { title: Record<string, string> }> };
    expect(answer.flags.promotionTab).toBe(true);
    expect(answer.slotAds['category-header'].title['pt-BR']).toBe(hostile);
    for (const url of ['/', '/?n=discover']) {
      const body = (await a.inject({ method: 'GET', url })).body;
      asBuilt(body);
      const block = [...body.matchAll(EMBEDDED)][0][1];
      expect(block).not.toContain('<');
      expect(JSON.parse(block)).toEqual(answer);
    }
  });

  it('compresses as the client accepts, and answers a revalidation with 304', async () => {
    const a = await start([video('first', 1, { ...playable(1), vodPic: 'https://img.example.com/first.jpg' })]);
    const plain = await a.inject({ method: 'GET', url: '/' });
    expect(plain.body).toContain('https://img.example.com/first.jpg');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const br = await a.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await a.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    const again = await a.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('the first page the server reads', () => {
  it('is the request index.html sends for the feed', () => {
    const m = /var listParams = (\{[^}]*\})/.exec(indexHtml);
    const list = Function(`return (${m![1]})`)() as Record<string, string>;
    expect(indexHtml).toContain("get('/api.php/provide/vod/', { ac: 'detail', pg: listParams.pg, limit: listParams.limit, lang: listParams.lang }, toWorker)");
    const sent = `/api.php/provide/vod/?${new URLSearchParams({ ac: 'detail', pg: list.pg, limit: list.limit, lang: list.lang })}`;
    expect(requestKey(staticConfig.firstPageUrl)).toBe(requestKey(sent));
  });
});
