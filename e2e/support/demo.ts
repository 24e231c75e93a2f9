// What the demo generator recorded: which segments of each demo playlist are
// spliced ads. Turned into absolute segment URLs so a test can check the
// network log against them.

import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Manifest {
  /** mediaAdSegments: the same-look ads (issue 19), which only the media reveals. */
  videos: { slug: string; playlists: { file: string; adSegments: number[]; mediaAdSegments?: number[] }[] }[];
}

export function baseUrl(): string {
  const url = process.env.CLIPFEED_E2E_URL;
  if (!url) throw new Error('CLIPFEED_E2E_URL is not set: run through e2e/playwright.config.ts (global setup)');
  return url;
}

function manifest(): Manifest {
  const dir = process.env.CLIPFEED_E2E_DATA;
  if (!dir) throw new Error('CLIPFEED_E2E_DATA is not set');
  return JSON.parse(readFileSync(path.join(dir, 'demo', '.demo-content.json'), 'utf8')) as Manifest;
}

function segmentUris(text: string): string[] {
  return text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
}

/** Absolute URLs of every spliced ad segment in the demo playlists (media playlists; masters are followed). */
export async function demoAdSegmentUrls(): Promise<{ urls: Set<string>; videosWithAds: string[] }> {
  const urls = new Set<string>();
  const videosWithAds: string[] = [];
  for (const video of manifest().videos) {
    for (const playlist of video.playlists) {
      if (playlist.adSegments.length === 0) continue;
      if (!videosWithAds.includes(video.slug)) videosWithAds.push(video.slug);
      const playlistUrl = `${baseUrl()}/media/demo/${video.slug}/${playlist.file}`;
      const text = await (await fetch(playlistUrl)).text();
      const uris = segmentUris(text);
      for (const index of playlist.adSegments) urls.add(new URL(uris[index], playlistUrl).href);
    }
  }
  return { urls, videosWithAds };
}

/** The catalogue id of a demo video by its slug (its play URL names the slug's folder). */
export async function demoVideoId(slug: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/api.php/provide/vod/?ac=detail&pagesize=100`);
  const body = (await res.json()) as { list: { vod_id: number; vod_play_url: string }[] };
  const hit = body.list.find((v) => v.vod_play_url.includes(`/media/demo/${slug}/`));
  if (!hit) throw new Error(`no demo video for ${slug}`);
  return hit.vod_id;
}

/** One demo video's segment URLs (absolute) and, among them, its same-look ads (its playlists' mediaAdSegments). */
export async function demoSameLookSegments(slug: string): Promise<{ all: Set<string>; ads: Set<string> }> {
  const all = new Set<string>();
  const ads = new Set<string>();
  const video = manifest().videos.find((v) => v.slug === slug);
  if (!video) throw new Error(`no demo video ${slug} in the manifest`);
  for (const playlist of video.playlists) {
    const playlistUrl = `${baseUrl()}/media/demo/${slug}/${playlist.file}`;
    const urls = segmentUris(await (await fetch(playlistUrl)).text()).map((u) => new URL(u, playlistUrl).href);
    for (const url of urls) all.add(url);
    for (const index of playlist.mediaAdSegments ?? []) ads.add(urls[index]);
  }
  return { all, ads };
}

/** One demo video's media playlist in order: each segment's URL (absolute), its EXTINF seconds, and whether it is a same-look ad. */
export async function demoSameLookTimeline(slug: string): Promise<{ url: string; seconds: number; ad: boolean }[]> {
  const video = manifest().videos.find((v) => v.slug === slug);
  if (!video || video.playlists.length !== 1) throw new Error(`no single-playlist demo video ${slug} in the manifest`);
  const playlist = video.playlists[0];
  const playlistUrl = `${baseUrl()}/media/demo/${slug}/${playlist.file}`;
  const lines = (await (await fetch(playlistUrl)).text()).split('\n').map((l) => l.trim());
  const out: { url: string; seconds: number; ad: boolean }[] = [];
  let seconds = 0;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#')) out.push({ url: new URL(line, playlistUrl).href, seconds, ad: (playlist.mediaAdSegments ?? []).includes(out.length) });
  }
  return out;
}
