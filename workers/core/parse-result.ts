// What the parser hands back: a playlist or an error value, with the warnings
// about the lines it skipped. Never an exception (errors cross worker
// boundaries as data).

import type { EngineError, EngineErrorCode, Playlist } from './types';

export type ParseResult =
  | { ok: true; playlist: Playlist; warnings: EngineError[] }
  | { ok: false; error: EngineError; warnings: EngineError[] };

export function err(code: EngineErrorCode, message: string, line?: number): EngineError {
  return line === undefined ? { code, message, retryable: false } : { code, message, retryable: false, line };
}
