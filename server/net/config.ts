// Constants of the guarded upstream fetch (server/net/safe-fetch.ts).

export const netConfig = {
  maxRedirects: 5, // redirect hops any upstream fetch follows, each re-checked (callers may ask fewer: playlists follow 3)
  maxAnswerBytes: 32 * 1024 * 1024, // body cap when a caller names none (a MacCMS detail page of 20 series is ~1 MB)
  acceptEncoding: 'gzip, deflate, br', // what fetch() asked for before; answers are decoded and capped after decoding
  userAgent: 'clipfeed', // sent when the caller sets none
} as const;
