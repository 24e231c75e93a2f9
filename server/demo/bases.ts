// The base sources: each is rendered and encoded once (encode.ts), and every
// catalogue video (videos.ts) plays a slice of one base's segments.

import type { BaseSource } from './types';

const min = (m: number) => m * 60;

export const demoBases: readonly BaseSource[] = [
  { id: 'grid', look: 'grid', seconds: min(12), toneHz: 330, title: 'CLIPFEED GRID', renditions: ['240p'] },
  { id: 'life', look: 'life', seconds: min(5), toneHz: 262, title: 'CLIPFEED LIFE', renditions: ['240p'] },
  { id: 'cells', look: 'cells', seconds: min(5), toneHz: 392, title: 'CLIPFEED CELLS', renditions: ['240p', '360p'] },
  { id: 'spectrum', look: 'spectrum', seconds: min(6), toneHz: 294, title: 'CLIPFEED SPECTRUM', renditions: ['240p'] },
  { id: 'fractal', look: 'fractal', seconds: min(2), toneHz: 220, title: 'CLIPFEED FRACTAL', renditions: ['240p'] },
  // Short: an extra for encrypted sources (issue 12), not part of the 2-12 minute catalogue.
  { id: 'vault', look: 'patterns', seconds: 72, toneHz: 196, title: 'CLIPFEED VAULT', renditions: ['240p'], encrypted: true },
  // Same-look ads (issue 19): in the film's directory, named in its sequence, 6 s like its segments, but another encode.
  {
    id: 'counter',
    look: 'counter',
    seconds: min(2),
    toneHz: 349,
    title: 'CLIPFEED COUNTER',
    renditions: ['240p'],
    // Without any tag, as the real source of this kind does.
    sameLook: {
      discontinuities: false,
      ads: [
        { at: 0, seconds: 12, kind: 'resolution', look: 'promo', label: 'OFERTA' },
        { at: 60, seconds: 18, kind: 'resolution', look: 'bars', label: 'OFERTA' },
      ],
    },
  },
  {
    id: 'ramps',
    look: 'ramps',
    seconds: min(2),
    toneHz: 247,
    title: 'CLIPFEED RAMPS',
    renditions: ['240p'],
    sameLook: {
      discontinuities: true,
      ads: [
        { at: 36, seconds: 12, kind: 'audio', look: 'spot', label: 'ANUNCIO' },
        { at: 84, seconds: 18, kind: 'encoder', look: 'promo', label: 'ANUNCIO' },
      ],
    },
  },
];
