// File-name shape of a segment: a template (digits and hashes abstracted), the
// literal prefix before the trailing counter, and the counter itself, used to
// tell whether a block carries and continues the content's numbering.

export interface NameShape {
  /** e.g. 'index#.ts', 'seg_#.ts', 'HEX32.ts', 'T.ts' (12+ digits: timestamp-like). */
  template: string;
  /** The stem without its trailing digits: 'seg-0-' for 'seg-0-12.ts', '23b8cf546aa' for '23b8cf546aa000055.ts'. */
  prefix: string;
  /** Trailing run of digits (or the last run when the stem does not end in digits), when short enough to be a counter. */
  seq: number | null;
  /** The name looks random (hex/base64-like hash); only a shared prefix can give it a numbering. */
  hashed: boolean;
}

/** Hash-like stems are at least this long. */
const HASH_MIN_LENGTH = 16;
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
  let hex = true; // only 0-9a-f (any case)
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
  for (let i = 0; i <= stemLength; i++) {
    const c = i < stemLength ? file.charCodeAt(i) : -1;
    const isDigit = c >= 48 && c <= 57;
    if (isDigit) {
      digit = true;
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0) {
      template += file.slice(literalFrom, runStart) + (i - runStart >= TIMESTAMP_MIN_DIGITS ? 'T' : '#');
      literalFrom = i;
      lastRun = runStart;
      lastRunEnd = i;
      runStart = -1;
    }
    if (c < 0) break;
    const isUpper = c >= 65 && c <= 90;
    const isLower = c >= 97 && c <= 122;
    if (isUpper) upper = true;
    if (isLower) lower = true;
    const hexDigit = (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
    if (hexDigit) hexLetter = true;
    else hex = false;
    if (!isUpper && !isLower && c !== 95 && c !== 45) b64 = false;
  }
  template += file.slice(literalFrom, stemLength);
  const trailing = lastRunEnd === stemLength;
  const prefix = trailing ? file.slice(0, lastRun) : file.slice(0, stemLength);
  const run = lastRun >= 0 ? lastRunEnd - lastRun : 0;
  const counter = lastRun >= 0 && run <= COUNTER_MAX_DIGITS ? Number(file.slice(lastRun, lastRunEnd)) : null;
  if (stemLength >= HASH_MIN_LENGTH && ((hex && hexLetter) || (b64 && digit && upper && lower))) {
    return { template: `HEX${stemLength}${ext}`, prefix, seq: trailing ? counter : null, hashed: true };
  }
  return { template: template + ext, prefix, seq: counter, hashed: false };
}
