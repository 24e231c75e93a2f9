// How typed text and titles are compared for suggestions (pure). Both sides
// are folded the same way, so "cidade", "CIDADE", "Cídade" and the full-width
// "ＣＩＤＡＤＥ" all find "Cidade de Deus":
// - NFKC folds width (full-width Latin and digits, half-width katakana) and
//   compatibility forms (ligatures, circled digits);
// - case is folded with toLowerCase (locale-independent);
// - Latin accents (combining marks U+0300-U+036F after NFD) are dropped; other
//   marks are kept: the voicing marks of kana change the word (か is not が);
// - runs of white space become one space, and the ends are trimmed.
//
// Pinyin: a Chinese title matches its pinyin through the catalogue's own
// romanisation, vod_en (MacCMS fills it with the title's pinyin, e.g.
// 上帝之城 -> shangdizhicheng), folded to its letters and digits only, so
// "shang di", "Shangdi" and "shang-di" all match. No pinyin dictionary is
// shipped: a hanzi-to-pinyin table would be a new dependency (or ~400 KB of
// data of our own) for what the catalogue already provides.

const LATIN_ACCENTS = /[\u0300-\u036f]/g;
const SPACES = /\s+/gu;
const NOT_LETTER_OR_DIGIT = /[^a-z0-9]/g;

/** A title or typed text folded for comparison (case, width, Latin accents, spaces). */
export function foldTitle(text: string): string {
  return text.normalize('NFKC').toLowerCase().normalize('NFD').replace(LATIN_ACCENTS, '').normalize('NFC').replace(SPACES, ' ').trim();
}

/** A romanised name (vod_en) or typed text folded to ASCII letters and digits ('' when nothing is left). */
export function foldRomanised(text: string): string {
  return foldTitle(text).replace(NOT_LETTER_OR_DIGIT, '');
}
