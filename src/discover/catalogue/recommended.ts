// Recommended videos (spec 2 §7, §9): the first 5 categories, 6 videos each,
// shuffled; 30 at most. Pure: the pages come in, the mix goes out.

import type { CatalogueVideo } from '../../api/catalogue-schemas';
import { randomInt } from '../../../workers/core/random';

/** The pages' videos, each once (the first time it appears), in a random order (Fisher-Yates). */
export function recommendedMix(pages: readonly (readonly CatalogueVideo[])[], random: () => number): CatalogueVideo[] {
  const out = [...new Map(pages.flat().map((v) => [v.vod_id, v])).values()];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
