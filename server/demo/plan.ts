// What the demo content is made of: a few base sources encoded once, a few ad
// creatives, and the catalogue videos, each a slice of one base's segments
// with ad breaks spliced in. Playlists share segment files, so an hour of
// catalogue costs half an hour of low-resolution encoding.

import type { RenditionName } from './config';
import { encryptionProblems } from './encrypted';

/** Looks of the base sources (see looks.ts). */
export type BaseLook = 'grid' | 'life' | 'cells' | 'spectrum' | 'fractal' | 'patterns';
export interface DemoSeries {
  slug: string;
  /** The plan video every episode plays. */
  of: string;
  episodes: number;
  typeId: number;
}

/** Looks of the ad creatives (see looks.ts). */
export type AdLook = 'bars' | 'promo' | 'spot';

export interface BaseSource {
  id: string;
  look: BaseLook;
  /** Length in seconds; a multiple of the segment length keeps every segment whole. */
  seconds: number;
  /** Content tone (Hz), quiet and beeping, so a film never sounds like an ad's 1 kHz tone. */
  toneHz: number;
  /** Burned in at the top left (ASCII letters, digits and spaces). */
  title: string;
  renditions: readonly RenditionName[];
  /**
   * AES-128 under a key tag without an IV, so players take each segment's IV
   * from its media sequence number: encoded for the one video that plays it,
   * numbered as that video's playlist numbers it (encrypted.ts).
   */
  encrypted?: boolean;
}

export interface AdCreative {
  id: string;
  look: AdLook;
  seconds: number;
  segmentSeconds: number;
  /** Burned in under the big 'AD' (ASCII letters, digits and spaces). */
  label: string;
}

/** 'pre', 'post', or seconds into the content (rounded to a segment boundary). */
export type BreakAt = 'pre' | 'post' | number;

export interface AdBreak {
  at: BreakAt;
  /** Creatives played back to back in this break. */
  creatives: readonly string[];
}

export interface VideoNames {
  /** vod_name (MacCMS's own language). */
  zh: string;
  pt: string;
  en: string;
  ja: string;
  ko: string;
}

export interface DemoVideo {
  slug: string;
  typeId: number;
  base: string;
  /** Where the slice starts in the base, seconds (a multiple of the segment length). */
  startSeconds: number;
  /** Content length without ads, seconds (a multiple of the segment length). */
  seconds: number;
  /** A master playlist over every rendition of the base, instead of one media playlist. */
  master: boolean;
  ads: readonly AdBreak[];
  names: VideoNames;
  /** vod_content, in Portuguese (the build's language). */
  description: string;
  year: string;
  area: string;
}

export interface DemoCategory {
  typeId: number;
  name: string;
  en: string;
  sort: number;
}

export interface DemoPlan {
  bases: readonly BaseSource[];
  creatives: readonly AdCreative[];
  /** A catalogue-only series: episodes that play one plan video's media (catalogue.ts). */
  series?: DemoSeries;
  categories: readonly DemoCategory[];
  videos: readonly DemoVideo[];
}

const min = (m: number) => m * 60;

/** Directories of the shared segments next to the videos' own. */
const RESERVED_DIRS = new Set(['sources', 'ads']);

export const defaultDemoPlan: DemoPlan = {
  bases: [
    { id: 'grid', look: 'grid', seconds: min(12), toneHz: 330, title: 'CLIPFEED GRID', renditions: ['240p'] },
    { id: 'life', look: 'life', seconds: min(5), toneHz: 262, title: 'CLIPFEED LIFE', renditions: ['240p'] },
    { id: 'cells', look: 'cells', seconds: min(5), toneHz: 392, title: 'CLIPFEED CELLS', renditions: ['240p', '360p'] },
    { id: 'spectrum', look: 'spectrum', seconds: min(6), toneHz: 294, title: 'CLIPFEED SPECTRUM', renditions: ['240p'] },
    { id: 'fractal', look: 'fractal', seconds: min(2), toneHz: 220, title: 'CLIPFEED FRACTAL', renditions: ['240p'] },
    // Short: an extra for encrypted sources (issue 12), not part of the 2-12 minute catalogue.
    { id: 'vault', look: 'patterns', seconds: 72, toneHz: 196, title: 'CLIPFEED VAULT', renditions: ['240p'], encrypted: true },
  ],
  creatives: [
    { id: 'bars', look: 'bars', seconds: 15, segmentSeconds: 5, label: 'PUBLICIDADE' },
    { id: 'promo', look: 'promo', seconds: 10, segmentSeconds: 5, label: 'PROMO' },
    { id: 'spot', look: 'spot', seconds: 12, segmentSeconds: 4, label: 'PATROCINIO' },
    // The feed's own video ad (server/services/app-config.ts): spliced into no video, so a preloaded feed ad
    // is never mistaken for a spliced ad segment (the e2e checks clips against those).
    { id: 'partner', look: 'promo', seconds: 8, segmentSeconds: 4, label: 'PARCEIRO' },
  ],
  // Listed after the videos: 22 episodes give a search more than one page of 20 (spec 2 §9), so paging is real.
  series: { slug: 'pixel-chronicles', of: 'life-garden', episodes: 22, typeId: 3 },
  categories: [
    { typeId: 1, name: '纪录片', en: 'Documentary', sort: 1 },
    { typeId: 2, name: '科技', en: 'Science & Tech', sort: 2 },
    { typeId: 3, name: '动画', en: 'Animation', sort: 3 },
    { typeId: 4, name: '艺术', en: 'Art', sort: 4 },
    { typeId: 5, name: '自然', en: 'Nature', sort: 5 },
  ],
  videos: [
    {
      slug: 'grid-city',
      typeId: 2,
      base: 'grid',
      startSeconds: 0,
      seconds: min(12),
      master: false,
      ads: [
        { at: 'pre', creatives: ['bars'] },
        { at: min(4), creatives: ['promo', 'spot'] },
        { at: min(8), creatives: ['bars'] },
        { at: 'post', creatives: ['spot'] },
      ],
      names: { zh: '网格之城', pt: 'A Cidade em Grade', en: 'City of Grids', ja: 'グリッドの街', ko: '격자의 도시' },
      description: 'Um passeio de doze minutos por uma cidade feita de cores e números.',
      year: '2024',
      area: 'Brasil',
    },
    {
      slug: 'grid-signal',
      typeId: 2,
      base: 'grid',
      startSeconds: min(2),
      seconds: min(10),
      master: false,
      ads: [],
      names: { zh: '信号测试', pt: 'Sinal de Teste', en: 'Test Signal', ja: 'テスト信号', ko: '테스트 신호' },
      description: 'O sinal que os técnicos usam para afinar a imagem, do começo ao fim.',
      year: '2023',
      area: 'Brasil',
    },
    {
      slug: 'grid-colors',
      typeId: 4,
      base: 'grid',
      startSeconds: min(4),
      seconds: min(8),
      master: false,
      ads: [{ at: min(3), creatives: ['spot'] }],
      names: { zh: '色彩频道', pt: 'Canal das Cores', en: 'Colour Channel', ja: 'カラーチャンネル', ko: '컬러 채널' },
      description: 'Oito minutos de cores em movimento.',
      year: '2025',
      area: 'Portugal',
    },
    {
      slug: 'life-garden',
      typeId: 5,
      base: 'life',
      startSeconds: 0,
      seconds: min(5),
      master: false,
      ads: [
        { at: 'pre', creatives: ['promo'] },
        { at: 150, creatives: ['bars'] },
      ],
      names: { zh: '生命花园', pt: 'Jardim da Vida', en: 'Garden of Life', ja: '生命の庭', ko: '생명의 정원' },
      description: 'Células nascem, crescem e desaparecem num jardim sem fim.',
      year: '2024',
      area: 'Brasil',
    },
    {
      slug: 'life-colony',
      typeId: 5,
      base: 'life',
      startSeconds: min(1),
      seconds: min(4),
      master: false,
      ads: [],
      names: { zh: '细胞殖民地', pt: 'A Colônia', en: 'The Colony', ja: 'コロニー', ko: '콜로니' },
      description: 'Uma colônia inteira se organiza diante da câmera.',
      year: '2022',
      area: 'Angola',
    },
    {
      slug: 'life-bloom',
      typeId: 1,
      base: 'life',
      startSeconds: min(3),
      seconds: min(2),
      master: false,
      ads: [{ at: 'post', creatives: ['bars', 'promo'] }],
      names: { zh: '繁花', pt: 'Florescer', en: 'Bloom', ja: '開花', ko: '개화' },
      description: 'Dois minutos sobre o instante em que tudo floresce.',
      year: '2025',
      area: 'Brasil',
    },
    {
      slug: 'cells-rule110',
      typeId: 3,
      base: 'cells',
      startSeconds: 0,
      seconds: min(5),
      master: true,
      ads: [
        { at: 'pre', creatives: ['spot'] },
        { at: min(2), creatives: ['bars'] },
      ],
      names: { zh: '规则110', pt: 'Regra 110', en: 'Rule 110', ja: 'ルール110', ko: '규칙 110' },
      description: 'Uma regra simples desenha padrões que nunca se repetem.',
      year: '2023',
      area: 'Moçambique',
    },
    {
      slug: 'cells-weave',
      typeId: 3,
      base: 'cells',
      startSeconds: min(2),
      seconds: min(3),
      master: true,
      ads: [],
      names: { zh: '织物', pt: 'A Trama', en: 'The Weave', ja: '織り目', ko: '직조' },
      description: 'Fios de luz se cruzam e formam um tecido vivo.',
      year: '2024',
      area: 'Brasil',
    },
    {
      slug: 'cells-cascade',
      typeId: 4,
      base: 'cells',
      startSeconds: min(3),
      seconds: min(2),
      master: true,
      ads: [
        { at: min(1), creatives: ['promo'] },
        { at: 'post', creatives: ['spot'] },
      ],
      names: { zh: '瀑布', pt: 'Cascata', en: 'Cascade', ja: 'カスケード', ko: '캐스케이드' },
      description: 'Dois minutos de padrões caindo como água.',
      year: '2025',
      area: 'Cabo Verde',
    },
    {
      slug: 'spectrum-journey',
      typeId: 4,
      base: 'spectrum',
      startSeconds: 0,
      seconds: min(6),
      master: false,
      ads: [{ at: min(3), creatives: ['bars', 'spot'] }],
      names: { zh: '光谱之旅', pt: 'Viagem pelo Espectro', en: 'Spectrum Journey', ja: 'スペクトルの旅', ko: '스펙트럼 여행' },
      description: 'Do vermelho ao violeta, sem pressa.',
      year: '2021',
      area: 'Brasil',
    },
    {
      slug: 'spectrum-sunset',
      typeId: 1,
      base: 'spectrum',
      startSeconds: min(3),
      seconds: min(3),
      master: false,
      ads: [],
      names: { zh: '日落时分', pt: 'Pôr do Sol', en: 'Sunset Hour', ja: '夕暮れ時', ko: '해질녘' },
      description: 'As cores do fim de tarde, em três minutos.',
      year: '2022',
      area: 'Portugal',
    },
    {
      slug: 'fractal-dive',
      typeId: 2,
      base: 'fractal',
      startSeconds: 0,
      seconds: min(2),
      master: false,
      ads: [],
      names: { zh: '分形深潜', pt: 'Mergulho Fractal', en: 'Fractal Dive', ja: 'フラクタルダイブ', ko: '프랙탈 다이브' },
      description: 'Um mergulho no conjunto de Mandelbrot.',
      year: '2024',
      area: 'Brasil',
    },
    {
      // AES-128 without IVs, ads spliced in the clear: removing the pre-roll and the mid-roll renumbers the film
      // after the mid-roll, whose IVs must survive that (the e2e encrypted.spec.ts plays it).
      slug: 'vault-cipher',
      typeId: 2,
      base: 'vault',
      startSeconds: 0,
      seconds: 72,
      master: false,
      ads: [
        { at: 'pre', creatives: ['promo'] },
        { at: 30, creatives: ['spot'] },
      ],
      names: { zh: '加密金库', pt: 'O Cofre Cifrado', en: 'The Cipher Vault', ja: '暗号の金庫', ko: '암호 금고' },
      description: 'Padrões de teste cifrados com AES-128, com anúncios emendados às claras.',
      year: '2025',
      area: 'Brasil',
    },
  ],
};

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
  return [...problems, ...encryptionProblems(plan)];
}
