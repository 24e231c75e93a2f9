// Every playlist of one demo video (pure): a media playlist per rendition it
// uses, spliced with its ad breaks, and a master over them when it has one.

import { demoConfig, renditions, type RenditionName } from './config';
import { demoPaths } from './encode';
import { sliceEntries, spliceBreaks, writeMasterText, writeMediaText, type Entry } from './playlists';
import { sameLookPlaylist } from './same-look';
import type { BaseSource, DemoPlan, DemoVideo } from './types';

export interface VideoPlaylistFile {
  /** File name in the video's directory. */
  file: string;
  text: string;
  /** Set on media playlists. */
  rendition?: RenditionName;
  segments: number;
  /** Indices of the spliced ad segments (media playlists). */
  adSegments: number[];
  /** Indices of ads with the film's names, directory and durations (same-look.ts): only their media reveals them. */
  mediaAdSegments: number[];
}

export interface VideoPlaylists {
  files: VideoPlaylistFile[];
  /** Film length without ads, seconds. */
  seconds: number;
  /** The segment a poster is grabbed from: mid-film, best rendition (paths relative to the demo root). */
  poster: PosterSource;
}

export interface PosterSource {
  segment: string;
  /** Set when the segment is encrypted: its key file, and the sequence number its IV comes from. */
  key?: string;
  sequence?: number;
}

const fromRoot = (uri: string) => uri.replace(/^\.\.\//, '');

/** Segments of each encoded directory (demoPaths.baseDir / adDir), URIs relative to a video's directory. */
export type EncodedEntries = ReadonlyMap<string, readonly Entry[]>;

function bandwidth(rendition: RenditionName): number {
  return Math.round((renditions[rendition].videoKbps + demoConfig.audioKbps) * 1000 * demoConfig.bandwidthOverhead);
}

function entriesOf(entries: EncodedEntries, dir: string): readonly Entry[] {
  const list = entries.get(dir);
  if (!list) throw new Error(`demo content: nothing was encoded into ${dir}`);
  return list;
}

export function videoPlaylists(video: DemoVideo, plan: DemoPlan, entries: EncodedEntries): VideoPlaylists {
  const base = plan.bases.find((b) => b.id === video.base);
  if (!base) throw new Error(`demo content: ${video.slug} uses unknown base ${video.base}`);
  if (base.sameLook) return sameLookVideo(base, entriesOf(entries, demoPaths.baseDir(base.id, base.renditions[0])));
  // Renditions are listed smallest first; a single-playlist video uses the first.
  const used = video.master ? base.renditions : base.renditions.slice(0, 1);
  const breaks = video.ads.map((b) => ({ at: b.at, creatives: b.creatives.map((c) => entriesOf(entries, demoPaths.adDir(c))) }));
  const files: VideoPlaylistFile[] = [];
  let film: Entry[] = [];
  for (const rendition of used) {
    film = sliceEntries(entriesOf(entries, demoPaths.baseDir(base.id, rendition)), video.startSeconds, video.seconds, demoConfig.segmentSeconds);
    const { text, adSegments } = writeMediaText(spliceBreaks(film, breaks, demoConfig.segmentSeconds));
    const segments = text.split('\n').filter((l) => l.startsWith('#EXTINF')).length;
    files.push({ file: video.master ? demoPaths.variant(rendition) : demoPaths.playlist, text, rendition, segments, adSegments, mediaAdSegments: [] });
  }
  if (video.master) {
    const variants = used.map((r) => ({ uri: demoPaths.variant(r), bandwidth: bandwidth(r), width: renditions[r].width, height: renditions[r].height, codecs: demoConfig.codecs, name: r }));
    files.push({ file: demoPaths.playlist, text: writeMasterText(variants), segments: 0, adSegments: [], mediaAdSegments: [] });
  }
  return { files, seconds: filmSeconds(film), poster: posterOf(film) };
}

const filmSeconds = (film: readonly Entry[]) => Math.round(film.reduce((sum, e) => sum + e.duration, 0) * 1000) / 1000;

function posterOf(film: readonly Entry[]): PosterSource {
  const mid = film[Math.floor(film.length / 2)];
  return mid.key === undefined ? { segment: fromRoot(mid.uri) } : { segment: fromRoot(mid.uri), key: fromRoot(mid.key), sequence: mid.sequence };
}

/** A same-look base's one playlist: no spliced creatives, its ads are among the film's own segments. */
function sameLookVideo(base: BaseSource, entries: readonly Entry[]): VideoPlaylists {
  const made = sameLookPlaylist(base, entries, demoConfig.segmentSeconds);
  const file = { file: demoPaths.playlist, text: made.text, rendition: base.renditions[0], segments: made.segments, adSegments: [], mediaAdSegments: made.mediaAdSegments };
  return { files: [file], seconds: filmSeconds(made.film), poster: posterOf(made.film) };
}
