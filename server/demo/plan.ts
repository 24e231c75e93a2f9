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
    { typeId: 1, name: '纪录片', en: 'Documentary', sort: 1 },
    { typeId: 2, name: '科技', en: 'Science & Tech', sort: 2 },
    { typeId: 3, name: '动画', en: 'Animation', sort: 3 },
    { typeId: 4, name: '艺术', en: 'Art', sort: 4 },
    { typeId: 5, name: '自然', en: 'Nature', sort: 5 },
  ],
  videos: demoVideos,
};
