// The demo's catalogue rows: categories, and one video per plan entry keyed
// 'demo:<slug>', so upserting again on every start updates rather than
// duplicates (and moves the play URLs to this run's origin).

import type { CategoryInput, VideoInput } from '../services/catalogue/index';
import { demoConfig } from './config';
import { demoPaths } from './encode';
import type { DemoManifest } from './generate';
import type { DemoPlan } from './types';

const DAY_MS = 86_400_000;

/** Absolute URL of a file under /media/demo/. */
export function demoMediaUrl(origin: string, ...parts: string[]): string {
  return `${origin}${demoConfig.urlPath}/${parts.join('/')}`;
}

/** MacCMS's fields as a MacCMS source fills them (type_name Chinese, type_en English), and our names per language beside them. */
export function demoCategoryRows(plan: DemoPlan): CategoryInput[] {
  return plan.categories.map((c) => ({
    typeId: c.typeId,
    typePid: 0,
    typeName: c.names.zh,
    typeEn: c.names.en,
    typeNames: { ...c.names },
    typeSort: c.sort,
    typeMid: 1,
    typeStatus: 1,
  }));
}

/** The series' names per language, episode n. */
function seriesNames(n: number): { zh: string; pt: string; en: string; ja: string; ko: string } {
  return { zh: `像素纪事 第${n}集`, pt: `Crônicas do Pixel, episódio ${n}`, en: `Pixel Chronicles, episode ${n}`, ja: `ピクセル年代記 第${n}話`, ko: `픽셀 연대기 ${n}화` };
}

export function demoVideoRows(plan: DemoPlan, manifest: DemoManifest, origin: string): VideoInput[] {
  return [...planVideoRows(plan, manifest, origin), ...seriesRows(plan, manifest, origin)];
}

/** The plan's series: catalogue rows whose play address is one plan video's, listed after the plan's videos. */
function seriesRows(plan: DemoPlan, manifest: DemoManifest, origin: string): VideoInput[] {
  if (!plan.series) return [];
  const { slug, of, episodes, typeId } = plan.series;
  const source = plan.videos.find((v) => v.slug === of);
  const made = manifest.videos.find((m) => m.slug === of);
  if (!source || !made) return [];
  const first = Date.parse(demoConfig.firstVodTime) - plan.videos.length * DAY_MS;
  return Array.from({ length: episodes }, (_, i) => {
    const n = i + 1;
    const names = seriesNames(n);
    return {
      sourceKey: `${demoConfig.sourceKeyPrefix}${slug}-${n}`,
      typeId,
      vodName: names.zh,
      vodNamePt: names.pt,
      vodNameEn: names.en,
      vodNameJa: names.ja,
      vodNameKo: names.ko,
      vodEn: `${slug}-${n}`,
      vodPic: demoMediaUrl(origin, demoPaths.videoDir(of), demoPaths.poster),
      // The running time as a clock (12:00): the same in every language, unlike "Ep. 4" or "12 min" (issue 16).
      vodRemarks: clockTime(made.seconds),
      vodArea: source.area,
      vodLang: 'Português',
      vodYear: source.year,
      vodDirector: 'clipfeed',
      vodActor: '',
      vodContent: source.description,
      vodPlayFrom: demoConfig.playFrom,
      vodPlayUrl: `${demoConfig.routeName}$${demoMediaUrl(origin, demoPaths.videoDir(of), demoPaths.playlist)}`,
      vodDuration: Math.round(made.seconds),
      // Episode 1 newest: the series lists in episode order, after every plan video.
      vodTime: new Date(first - i * DAY_MS),
    };
  });
}

/** Seconds as m:ss (h:mm:ss from an hour): a remark any language reads. */
function clockTime(seconds: number): string {
  const total = Math.round(seconds);
  const [h, m, sec] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}

function planVideoRows(plan: DemoPlan, manifest: DemoManifest, origin: string): VideoInput[] {
  const first = Date.parse(demoConfig.firstVodTime);
  return plan.videos.map((v, i) => {
    const made = manifest.videos.find((m) => m.slug === v.slug);
    if (!made) throw new Error(`demo content: ${v.slug} is missing from the manifest`);
    return {
      sourceKey: `${demoConfig.sourceKeyPrefix}${v.slug}`,
      typeId: v.typeId,
      vodName: v.names.zh,
      vodNamePt: v.names.pt,
      vodNameEn: v.names.en,
      vodNameJa: v.names.ja,
      vodNameKo: v.names.ko,
      vodEn: v.slug,
      vodPic: demoMediaUrl(origin, demoPaths.videoDir(v.slug), demoPaths.poster),
      // The running time as a clock (12:00): the same in every language, and not a technical badge (issue 16).
      vodRemarks: clockTime(made.seconds),
      vodArea: v.area,
      vodLang: 'Português',
      vodYear: v.year,
      vodDirector: 'clipfeed',
      vodActor: '',
      vodContent: v.description,
      vodPlayFrom: demoConfig.playFrom,
      vodPlayUrl: `${demoConfig.routeName}$${demoMediaUrl(origin, demoPaths.videoDir(v.slug), demoPaths.playlist)}`,
      vodDuration: Math.round(made.seconds),
      // Fixed times, newest first in plan order, so a re-run changes nothing and the list order is the plan's.
      vodTime: new Date(first - i * DAY_MS),
    };
  });
}
