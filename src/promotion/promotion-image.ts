// A promotion item's image field is either a picture address or an emoji
// (spec 2 §3). Addresses must be http(s), root-relative or an inline image
// (the bundler inlines small art as data:image/...; an <img> never runs
// script, not even an SVG's); a short text is taken as an emoji; anything
// else shows the generic art.

import { promotionConfig } from './config';

export type PromotionImage = { kind: 'url'; src: string } | { kind: 'emoji'; text: string } | { kind: 'none' };

export function promotionImage(image: string | undefined, pageOrigin: string): PromotionImage {
  const value = (image ?? '').trim();
  if (!value) return { kind: 'none' };
  if (/^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value)) return { kind: 'url', src: value };
  if (/^https?:\/\//i.test(value) || (value.startsWith('/') && !value.startsWith('//'))) {
    try {
      return { kind: 'url', src: new URL(value, pageOrigin).toString() };
    } catch {
      return { kind: 'none' };
    }
  }
  // An emoji can be several code points (flags, skin tones, joiners), but never a sentence.
  if (Array.from(value).length <= promotionConfig.maxEmojiCodePoints && !/[a-z0-9:/]/i.test(value)) return { kind: 'emoji', text: value };
  return { kind: 'none' };
}
