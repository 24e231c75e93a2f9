// Output lines of `npm run --silent adscan -- FILE...`: one JSON object per
// file, keys in a fixed order, nothing else on stdout.
//   {"file": PATH, "segments": N, "adSegments": [i, j, ...]}
//   {"file": PATH, "error": {"code": ..., "message": ...}}
// Written with ': ' and ', ' exactly as the CLI's contract shows them.

/** Codes of the CLI's own failures; parse failures carry the engine's EngineErrorCode. */
export const AdscanErrorCode = {
  ReadFailed: 'READ_FAILED',
  Internal: 'INTERNAL_ERROR',
} as const;
export type AdscanErrorCode = (typeof AdscanErrorCode)[keyof typeof AdscanErrorCode];

export interface ScanError {
  code: string;
  message: string;
}

/** The part of cleanPlaylist's result the CLI prints. */
export interface ScanInput {
  segmentCount: number;
  adSegments: readonly number[];
  error?: { code: string; message: string };
}

export function formatScanLine(file: string, segments: number, adSegments: readonly number[]): string {
  return `{"file": ${JSON.stringify(file)}, "segments": ${segments}, "adSegments": [${adSegments.join(', ')}]}`;
}

export function formatErrorLine(file: string, error: ScanError): string {
  return `{"file": ${JSON.stringify(file)}, "error": {"code": ${JSON.stringify(error.code)}, "message": ${JSON.stringify(error.message)}}}`;
}

/** The line for one scanned file, and whether it counts as a failure. */
export function lineFor(file: string, result: ScanInput): { line: string; failed: boolean } {
  if (result.error) return { line: formatErrorLine(file, result.error), failed: true };
  return { line: formatScanLine(file, result.segmentCount, result.adSegments), failed: false };
}

/** A read failure (ENOENT, EISDIR, EACCES...) as a CLI error. */
export function readError(e: unknown): ScanError {
  const errno = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  const message = e instanceof Error ? e.message : String(e);
  return { code: AdscanErrorCode.ReadFailed, message: errno && !message.startsWith(errno) ? `${errno}: ${message}` : message };
}

/** Anything thrown while scanning (should not happen: cleanPlaylist never throws). */
export function internalError(e: unknown): ScanError {
  return { code: AdscanErrorCode.Internal, message: e instanceof Error ? e.message : String(e) };
}
