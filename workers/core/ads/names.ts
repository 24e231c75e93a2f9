// File-name shape of a segment: a template (digits and hashes abstracted), the
// literal prefix before the trailing counter, and the counter itself, used to
// tell whether a block carries and continues the content's numbering.

export interface NameShape {
  /** e.g. 'index#.ts', 'seg_#.ts', 'HEX32.ts', 'T.ts' (12+ digits: timestamp-like). */
  template: string;
  /** The literal text before the counter: 'seg-0-' for 'seg-0-12.ts', 'seg-' for 'seg-12-v1-a1.ts', '23b8cf546aa' for '23b8cf546aa000055.ts'. */
  prefix: string;
  /** The counter: the last digit run not glued to a letter (else the last run; for hash names the trailing run only), when short enough. */
  seq: number | null;
  /** The name looks random (hex/base64-like hash); only a shared prefix can give it a numbering. */
  hashed: boolean;
}

/** Hash-like stems are at least this long. */
const HASH_MIN_LENGTH = 16;
/** Random tokens (mixed case, no long digit run) are at least this long... */
const TOKEN_MIN_LENGTH = 6;
/** ...with at least two capitals after the first character (three when it ends in digits, which may be a counter). */
const TOKEN_MIN_CAPITALS = 2;
/** Digit runs this long are timestamps or ids, not counters. */
const COUNTER_MAX_DIGITS = 15;
const TIMESTAMP_MIN_DIGITS = 12;

/**
 * One pass over the stem (this runs for every described segment): character
 * classes for the hash test, the template with digit runs abstracted, the
 * last digit run as the counter.
 */
export function nameShape(file: string): NameShape {
  const dot = file.lastIndexOf('.');
  const stemLength = dot > 0 ? dot : file.length;
  const ext = dot > 0 ? file.slice(dot).toLowerCase() : '';
  let hex = true; // only 0-9a-f (any case), dashes allowed (UUIDs)
  let alnum = true; // only [0-9A-Za-z]
  let innerUpper = 0; // capitals after the first character
  let lowers = 0;
  let longestRun = 0;
  let hexLetter = false;
  let b64 = true; // only [0-9A-Za-z_-]
  let upper = false;
  let lower = false;
  let digit = false;
  let template = '';
  let literalFrom = 0;
  let runStart = -1;
  let lastRun = -1;
  let lastRunEnd = -1;
  // The counter: the last digit run standing alone (not glued to a letter: 'seg-12-v1-a1' -> 12,
  // 'index_1_0' -> 0, 'hls_1080p_00012' -> 00012), else the last run.
  let counter = -1;
  let counterEnd = -1;
  for (let i = 0; i <= stemLength; i++) {
    const c = i < stemLength ? file.charCodeAt(i) : -1;
    const isDigit = c >= 48 && c <= 57;
    if (isDigit) {
      digit = true;
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0) {
      longestRun = Math.max(longestRun, i - runStart);
      template += file.slice(literalFrom, runStart) + (i - runStart >= TIMESTAMP_MIN_DIGITS ? 'T' : '#');
      literalFrom = i;
      lastRun = runStart;
      lastRunEnd = i;
      if (!isLetter(runStart > 0 ? file.charCodeAt(runStart - 1) : -1) && !isLetter(c)) {
        counter = runStart;
        counterEnd = i;
      }
      runStart = -1;
    }
    if (c < 0) break;
    const isUpper = c >= 65 && c <= 90;
    const isLower = c >= 97 && c <= 122;
    if (isUpper) upper = true;
    if (isLower) lower = true;
    const hexDigit = (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
    if (hexDigit) hexLetter = true;
    else if (c !== 45) hex = false;
    if (!isUpper && !isLower && c !== 95 && c !== 45) b64 = false;
    if (!isUpper && !isLower) alnum = false;
    if (isUpper && i > 0) innerUpper++;
    if (isLower) lowers++;
  }
  template += file.slice(literalFrom, stemLength);
  const trailing = lastRunEnd === stemLength;
  const trailingSeq = trailing && lastRunEnd - lastRun <= COUNTER_MAX_DIGITS ? Number(file.slice(lastRun, lastRunEnd)) : null;
  // Hash-like: long hex (md5, UUID) or base64-ish ids, or a short random token of mixed case
  // ('gYrhtLeH', '0XQ2ra2K'; camelCase words such as 'fileSequence' have one or two inner capitals).
  const endsInDigit = lastRunEnd === stemLength;
  const token = alnum && stemLength >= TOKEN_MIN_LENGTH && longestRun <= 2 && lowers >= 2 && innerUpper >= TOKEN_MIN_CAPITALS + (endsInDigit ? 1 : 0);
  if ((stemLength >= HASH_MIN_LENGTH && ((hex && hexLetter) || (b64 && digit && upper && lower))) || token) {
    // A counter set off by '-' or '_' ('466b9846055ad9ba-302') grows in width as it counts: the template leaves its width out.
    const separated = trailing && lastRun > 0 && (file.charCodeAt(lastRun - 1) === 45 || file.charCodeAt(lastRun - 1) === 95);
    const template = separated ? `HEX${lastRun}#${ext}` : `HEX${stemLength}${ext}`;
    return { template, prefix: trailing ? file.slice(0, lastRun) : file.slice(0, stemLength), seq: trailingSeq, hashed: true };
  }
  if (counter < 0) {
    counter = lastRun;
    counterEnd = lastRunEnd;
  }
  const seq = counter >= 0 && counterEnd - counter <= COUNTER_MAX_DIGITS ? Number(file.slice(counter, counterEnd)) : null;
  return { template: template + ext, prefix: counter >= 0 ? file.slice(0, counter) : file.slice(0, stemLength), seq, hashed: false };
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
