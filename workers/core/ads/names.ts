// File-name shape of a segment: a template (digits and hashes abstracted) and
// the sequence number (last digit run) used to tell whether a block continues
// the content's numbering.

export interface NameShape {
  /** e.g. 'index#.ts', 'seg_#.ts', 'HEX32.ts', 'T.ts' (12+ digits: timestamp-like). */
  template: string;
  /** Last run of digits, when the name has one and is not a hash. */
  seq: number | null;
  /** The name looks random (hex/base64-like hash): no sequence can be read from it. */
  hashed: boolean;
}

const HASH = /^[0-9a-f]{16,}$/i;
const B64ISH = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])[0-9A-Za-z_-]{16,}$/;

export function nameShape(file: string): NameShape {
  const dot = file.lastIndexOf('.');
  const stem = dot > 0 ? file.slice(0, dot) : file;
  const ext = dot > 0 ? file.slice(dot).toLowerCase() : '';
  if ((HASH.test(stem) && /[a-f]/i.test(stem)) || B64ISH.test(stem)) {
    return { template: `HEX${stem.length}${ext}`, seq: null, hashed: true };
  }
  let seq: number | null = null;
  const template =
    stem.replace(/\d+/g, (run) => {
      seq = run.length <= 15 ? Number(run) : null;
      return run.length >= 12 ? 'T' : '#';
    }) + ext;
  return { template, seq, hashed: false };
}
