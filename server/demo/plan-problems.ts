// The soundness check of a plan, run before anything is encoded: a plan
// passed in (tests pass tiny ones) must not produce broken playlists.

import { encryptionProblems } from './encrypted';
import { sameLookProblems } from './same-look';
import type { DemoPlan } from './types';

/** Directories of the shared segments next to the videos' own. */
const RESERVED_DIRS = new Set(['sources', 'ads']);

/** Problems that would make a plan produce broken playlists; empty when it is sound. */
export function planProblems(plan: DemoPlan, segmentSeconds: number): string[] {
  const problems: string[] = [];
  const bases = new Map(plan.bases.map((b) => [b.id, b]));
  const creatives = new Set(plan.creatives.map((c) => c.id));
  const categories = new Set(plan.categories.map((c) => c.typeId));
  const slugs = new Set<string>();
  const text = /^[A-Za-z0-9 ]+$/;
  for (const b of plan.bases) {
    if (b.seconds <= 0 || b.seconds % segmentSeconds !== 0) problems.push(`base ${b.id}: length must be a positive multiple of ${segmentSeconds} s`);
    if (b.renditions.length === 0) problems.push(`base ${b.id}: no rendition`);
    if (!text.test(b.title)) problems.push(`base ${b.id}: title must be ASCII letters, digits and spaces`);
  }
  if (plan.series) {
    const { slug, of, episodes, typeId } = plan.series;
    if (!plan.videos.some((v) => v.slug === of)) problems.push(`series ${slug}: plays an unknown video ${of}`);
    if (!categories.has(typeId)) problems.push(`series ${slug}: unknown category ${typeId}`);
    if (!Number.isInteger(episodes) || episodes < 1) problems.push(`series ${slug}: needs at least one episode`);
  }
  for (const c of plan.creatives) {
    if (c.seconds <= 0 || c.segmentSeconds <= 0) problems.push(`creative ${c.id}: bad length`);
    if (!text.test(c.label)) problems.push(`creative ${c.id}: label must be ASCII letters, digits and spaces`);
  }
  for (const v of plan.videos) {
    if (!/^[a-z0-9-]+$/.test(v.slug) || slugs.has(v.slug) || RESERVED_DIRS.has(v.slug)) problems.push(`video ${v.slug}: slug must be unique lower-case letters, digits and dashes, and not ${[...RESERVED_DIRS].join(' or ')}`);
    slugs.add(v.slug);
    if (!categories.has(v.typeId)) problems.push(`video ${v.slug}: unknown category ${v.typeId}`);
    const base = bases.get(v.base);
    if (!base) {
      problems.push(`video ${v.slug}: unknown base ${v.base}`);
      continue;
    }
    if (v.startSeconds % segmentSeconds !== 0 || v.seconds % segmentSeconds !== 0 || v.seconds <= 0) problems.push(`video ${v.slug}: start and length must be multiples of ${segmentSeconds} s`);
    if (v.startSeconds < 0 || v.startSeconds + v.seconds > base.seconds) problems.push(`video ${v.slug}: slice goes past the end of base ${base.id}`);
    if (v.master && base.renditions.length < 2) problems.push(`video ${v.slug}: a master playlist needs a base with two renditions`);
    for (const b of v.ads) {
      if (b.creatives.length === 0 || b.creatives.some((c) => !creatives.has(c))) problems.push(`video ${v.slug}: ad break with unknown or no creatives`);
      if (typeof b.at === 'number' && (b.at <= 0 || b.at >= v.seconds)) problems.push(`video ${v.slug}: mid-roll at ${b.at} s is not inside the content`);
    }
  }
  return [...problems, ...encryptionProblems(plan), ...sameLookProblems(plan, segmentSeconds)];
}
