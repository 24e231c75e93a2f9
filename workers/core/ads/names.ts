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

const HASH = /^[0-9a-f]{16,}$/i;
const B64ISH = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])[0-9A-Za-z_-]{16,}$/;
const TRAILING_DIGITS = /\d+$/;
/** Digit runs this long are timestamps or ids, not counters. */
const COUNTER_MAX_DIGITS = 15;
const TIMESTAMP_MIN_DIGITS = 12;

export function nameShape(file: string): NameShape {
  const dot = file.lastIndexOf('.');
  const stem = dot > 0 ? file.slice(0, dot) : file;
  const ext = dot > 0 ? file.slice(dot).toLowerCase() : '';
  const trailing = TRAILING_DIGITS.exec(stem);
  const prefix = trailing ? stem.slice(0, trailing.index) : stem;
  if ((HASH.test(stem) && /[a-f]/i.test(stem)) || B64ISH.test(stem)) {
    const seq = trailing && trailing[0].length <= COUNTER_MAX_DIGITS ? Number(trailing[0]) : null;
    return { template: `HEX${stem.length}${ext}`, prefix, seq, hashed: true };
  }
  let seq: number | null = null;
  const template =
    stem.replace(/\d+/g, (run) => {
      seq = run.length <= COUNTER_MAX_DIGITS ? Number(run) : null;
      return run.length >= TIMESTAMP_MIN_DIGITS ? 'T' : '#';
    }) + ext;
  return { template, prefix, seq, hashed: false };
}
