// Compression of the API's answers (compression.ts).

export const compressionConfig = {
  thresholdBytes: 1024, // smaller answers go as they are: the saving would not outweigh the work and the header
  brotliQuality: 5, // brotli for answers made per request: 11 is for the build's copies, 4-5 is fast at a good ratio
  gzipLevel: 6, // gzip for clients without brotli: zlib's own balance of size and speed
} as const;
