// What the demo content is made of: a few base sources encoded once, a few ad
// creatives, and the catalogue videos, each a slice of one base's segments
// with ad breaks spliced in. Playlists share segment files, so an hour of
// catalogue costs half an hour of low-resolution encoding.

import { demoBases } from './bases';
import { demoCreatives } from './creatives';
import type { DemoPlan } from './types';
import { demoVideos } from './videos';

export const defaultDemoPlan: DemoPlan = {
  bases: demoBases,
  creatives: demoCreatives,
  // Listed after the videos: 22 episodes give a search more than one page of 20 (spec 2 §9), so paging is real.
  series: { slug: 'pixel-chronicles', of: 'life-garden', episodes: 22, typeId: 3 },
  categories: [
    { typeId: 1, names: { 'pt-BR': 'Documentários', zh: '纪录片', en: 'Documentary', ja: 'ドキュメンタリー', ko: '다큐멘터리' }, sort: 1 },
    { typeId: 2, names: { 'pt-BR': 'Ciência e tecnologia', zh: '科技', en: 'Science & Tech', ja: '科学・テクノロジー', ko: '과학·기술' }, sort: 2 },
    { typeId: 3, names: { 'pt-BR': 'Animação', zh: '动画', en: 'Animation', ja: 'アニメーション', ko: '애니메이션' }, sort: 3 },
    { typeId: 4, names: { 'pt-BR': 'Arte', zh: '艺术', en: 'Art', ja: 'アート', ko: '예술' }, sort: 4 },
    { typeId: 5, names: { 'pt-BR': 'Natureza', zh: '自然', en: 'Nature', ja: '自然', ko: '자연' }, sort: 5 },
  ],
  videos: demoVideos,
};
