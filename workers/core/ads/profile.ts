// The content's profile: what most of a playlist's seconds look like (host,
// directory, file-name shape, encryption, cut). Blocks are judged against it.

import { adConfig } from '../config';
import type { Block, SegmentInfo } from './blocks';

export interface Profile {
  host: string;
  dir: string;
  template: string;
  encrypted: boolean;
  querySig: string;
  uriForm: SegmentInfo['uriForm'];
  mapUri: string | null;
  typicalDuration: number;
  /** Literal file-name prefix shared by most content segments (ffzy-style 'hash + counter' names), else null. */
  prefix: string | null;
  /** Segment duration shared by most content segments when the content is cut regularly, else null. */
  modalDuration: number | null;
  /** Share of the judged seconds in the profile's directory and name template: how clearly one look is the film's. */
  share: number;
  /** Share of the judged seconds in the profile's directory, whatever their names. */
  dirShare: number;
}

export function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Directory + name template: the key the content profile is chosen by (computed once per described segment). */
export const profileKey = (i: SegmentInfo): string => i.key;

/**
 * Adds `w` to `key`'s total and keeps the running winner. Neighbouring
 * segments mostly share their values, so a run of one key is summed before it
 * touches the map.
 */
class Tally<T> {
  private totals = new Map<T, number>();
  private winner: T | undefined;
  private bestW = -1;
  private runKey: T | undefined;
  private runW = 0;
  private running = false;
  add(key: T, w: number): void {
    if (this.running && key === this.runKey) {
      this.runW += w;
      return;
    }
    this.flush();
    this.runKey = key;
    this.runW = w;
    this.running = true;
  }
  private flush(): void {
    if (!this.running) return;
    const key = this.runKey as T;
    const t = (this.totals.get(key) ?? 0) + this.runW;
    this.totals.set(key, t);
    if (t > this.bestW) {
      this.bestW = t;
      this.winner = key;
    }
    this.running = false;
  }
  get best(): T | undefined {
    this.flush();
    return this.winner;
  }
  share(key: T | undefined): number {
    this.flush();
    let all = 0;
    for (const v of this.totals.values()) all += v;
    return key === undefined || all === 0 ? 0 : (this.totals.get(key) ?? 0) / all;
  }
}

/** Seconds each described segment of `b` stands for (sampled blocks spread their length over the samples). */
export function sampleWeight(b: Block, i: SegmentInfo): number {
  return b.infos.length === b.segments.length ? b.segments[i.k].duration || 0.001 : (b.duration || 0.001) / b.infos.length;
}

/** The content's shape: what most of the playlist's seconds look like (in one pass per tally). */
export function contentProfile(blocks: readonly Block[]): Profile {
  const keys = new Tally<string>();
  const dirs = new Tally<string>();
  for (const b of blocks)
    for (const i of b.infos) {
      const w = sampleWeight(b, i);
      keys.add(profileKey(i), w);
      dirs.add(i.dir, w);
    }
  const key = keys.best!;
  const host = new Tally<string>();
  const encrypted = new Tally<boolean>();
  const query = new Tally<string>();
  const form = new Tally<SegmentInfo['uriForm']>();
  const map = new Tally<string | null>();
  const prefix = new Tally<string>();
  const counts = new Map<number, number>();
  const durations: number[] = [];
  let weighed = 0;
  for (const b of blocks) {
    if (!b.infos.some((i) => profileKey(i) === key)) continue;
    for (const i of b.infos) {
      const w = sampleWeight(b, i);
      host.add(i.host, w);
      encrypted.add(i.encrypted, w);
      query.add(i.querySig, w);
      form.add(i.uriForm, w);
      map.add(b.segments[i.k].map?.uri ?? null, w);
      if (profileKey(i) !== key) continue;
      prefix.add(i.name.prefix, w);
      const d = b.segments[i.k].duration;
      durations.push(d);
      // Weighted by the seconds each sample stands for: short blocks (ads among them) are
      // described segment by segment, long ones through a sample, so counts would favour the ads.
      const ms = Math.round(d * 1000);
      counts.set(ms, (counts.get(ms) ?? 0) + w);
      weighed += w;
    }
  }
  let modal: number | null = null;
  for (const [ms, c] of counts) if (c >= weighed * adConfig.regularShare && (modal === null || c > counts.get(modal)!)) modal = ms;
  const cut = key.lastIndexOf('|');
  return {
    host: host.best!,
    dir: key.slice(0, cut),
    template: key.slice(cut + 1),
    encrypted: encrypted.best!,
    querySig: query.best!,
    uriForm: form.best!,
    mapUri: map.best ?? null,
    typicalDuration: median(durations),
    prefix: prefix.share(prefix.best) >= adConfig.sharedPrefixShare ? prefix.best! : null,
    modalDuration: modal === null ? null : modal / 1000,
    share: keys.share(key),
    dirShare: dirs.share(key.slice(0, cut)),
  };
}

export function seqAt(b: Block, fromEnd: boolean): number | null {
  const n = b.infos.length;
  for (let j = 0; j < n; j++) {
    const i = b.infos[fromEnd ? n - 1 - j : j];
    if (i.name.seq !== null) return i.name.seq;
  }
  return null;
}

/** Every segment of `b` has the content's directory and file-name shape, with a numbering we can read. */
export function matchesContentNames(b: Block, p: Profile): boolean {
  return b.infos.every(
    (i) => i.dir === p.dir && i.name.template === p.template && (p.prefix === null ? !i.name.hashed : i.name.prefix === p.prefix),
  );
}

