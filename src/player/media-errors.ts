// Media errors -> message keys (spec 3 §5, §8; spec 1 §8). Pure: returns
// i18n keys of the 'player' namespace, never text.

/** HTMLMediaElement MediaError codes. `as const` object + same-named type (STYLE.md 6). */
export const MediaErrorCode = {
  Aborted: 1, // MEDIA_ERR_ABORTED
  Network: 2, // MEDIA_ERR_NETWORK
  Decode: 3, // MEDIA_ERR_DECODE
  SrcNotSupported: 4, // MEDIA_ERR_SRC_NOT_SUPPORTED
} as const;
export type MediaErrorCode = (typeof MediaErrorCode)[keyof typeof MediaErrorCode];

/** A player error as data (STYLE.md 5); `messageKey` is an i18n key, `params` its values. */
export interface PlayerError {
  code: string;
  messageKey: string;
  retryable: boolean;
  params?: Record<string, string | number>;
}

const byCode: Record<MediaErrorCode, PlayerError> = {
  [MediaErrorCode.Aborted]: { code: 'MEDIA_ERR_ABORTED', messageKey: 'player:mediaAborted', retryable: true },
  [MediaErrorCode.Network]: { code: 'MEDIA_ERR_NETWORK', messageKey: 'player:mediaNetwork', retryable: true },
  [MediaErrorCode.Decode]: { code: 'MEDIA_ERR_DECODE', messageKey: 'player:mediaDecode', retryable: false },
  [MediaErrorCode.SrcNotSupported]: { code: 'MEDIA_ERR_SRC_NOT_SUPPORTED', messageKey: 'player:mediaSrcNotSupported', retryable: false },
};

/** Chromium's and Firefox's wording for the error a reset (src removed, load()) raises. */
const EMPTY_SOURCE = /empty src|MEDIA_ELEMENT_ERROR: Empty|no source|Invalid URI/i;

/**
 * The error of a <video>'s MediaError, or null when it must be ignored: the
 * empty-source error a reset raises (spec 1 §8).
 */
export function mediaElementError(error: { code: number; message?: string } | null, context: { resetting: boolean; hasSource: boolean }): PlayerError | null {
  if (!error) return null;
  const emptySource = error.code === MediaErrorCode.SrcNotSupported && (!context.hasSource || EMPTY_SOURCE.test(error.message ?? ''));
  if (context.resetting || emptySource) return null;
  const known = byCode[error.code as MediaErrorCode];
  if (known) return { ...known };
  return { code: 'MEDIA_ERR_UNKNOWN', messageKey: 'player:mediaUnknown', retryable: true, params: { code: error.code } };
}

/** Message text that marks a network failure (spec 3 §5). */
const NETWORK_TEXT =
  /decod(e|ing) failed|network ?error|failed to fetch|fetch failed|cross-origin|cors|timeout|timed out|dns|name_not_resolved|connection refused|err_connection|offline|internet_disconnected|\b(404|500|502|503|504)\b/i;

/** Whether an error is a network error, by its message or by media error code (spec 3 §5). */
export function isNetworkError(message: string, mediaCode?: number): boolean {
  if (mediaCode === MediaErrorCode.Network || mediaCode === MediaErrorCode.SrcNotSupported) return true;
  return NETWORK_TEXT.test(message);
}

/**
 * The message key for a player error by its text (spec 3 §8 mapping): network,
 * decode/format, timeout, hls; otherwise `otherwise` (the error's own message
 * key), else "try another route". A raw text (a browser's or the library's,
 * in English) is never shown: every visible string comes from the language pack.
 */
export function messageForError(message: string, otherwise = 'player:tryOtherRoute'): string {
  const m = message.toLowerCase();
  if (m.includes('network')) return 'player:networkConnectionError';
  if (m.includes('decode') || m.includes('format')) return 'player:videoFormatNotSupported';
  if (m.includes('timeout') || m.includes('timed out')) return 'player:connectionTimeout';
  if (m.includes('hls')) return 'player:hlsError';
  return otherwise;
}

/** A player error from a failure's text: its message by the mapping above, retryable when it is a network error (spec 3 §5). */
export function playerErrorFromText(code: string, message: string, otherwise?: string): PlayerError {
  return { code, messageKey: messageForError(message, otherwise), retryable: isNetworkError(message) };
}
