// Promotion page constants (spec 2 §2.5, §4, §5, §9) and the bookmark prompt (spec 3 §8).

export const promotionConfig = {
  // The grid always shows exactly this many slots (spec 2 §9: promotion slots 10).
  slots: 10,
  // A second click on the same item within this window is refused (spec 2 §4, §9: click lock 1000 ms).
  clickLockMs: 1000,
  // Prepended to a link that names neither http nor https (spec 2 §5).
  defaultScheme: 'https://',
  // An item without a type is a fixed entry (spec 2 §3 promotion item).
  defaultType: 'fixed',
  // Longest title shown; longer configured titles are cut (chosen: two lines of a half-width card).
  maxTitleLength: 40,
  // Longest badge shown (chosen: a badge is a word or two).
  maxBadgeLength: 12,
  // An image field this short (code points) without letters or digits is an emoji (chosen: joined emoji reach 7-8).
  maxEmojiCodePoints: 8,
  // Id prefix of the "ad rental" placeholders that fill missing slots (chosen).
  placeholderIdPrefix: 'rental-',
} as const;

export const bookmarkConfig = {
  // The manual instruction stays this long when the browser has no bookmark API (spec 3 §8: 4 s).
  instructionMs: 4000,
} as const;
