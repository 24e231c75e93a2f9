// Demo content constants: how the base sources and ad creatives are encoded,
// where they live under DATA_DIR, and what the catalogue rows say.

export const demoConfig = {
  version: 4, // bump when the encoding or the layout changes: the next start regenerates
  dirName: 'demo', // DATA_DIR/demo, served at /media/demo/
  urlPath: '/media/demo', // where the media routes serve DATA_DIR/demo
  stampFile: '.demo-content.json', // version stamp + manifest; dot-files are never served
  segmentSeconds: 6, // content segment length: 8 segments (the engine's most) make a 48 s clip
  fps: 12, // frame rate of every base and ad: smooth enough for test patterns, cheap to encode
  audioRate: 22_050, // AAC sample rate, the same for content and ads: plenty for tones, half the cost of 48 kHz
  audioKbps: 32, // mono AAC
  contentVolume: 0.15, // content tone level; ads play at full level, so they sound different
  ffmpegPreset: 'ultrafast', // the first start must stay under 2 minutes on 2 cores
  videoProfile: ['-profile:v', 'baseline', '-level:v', '3.0'], // what ultrafast produces anyway (no CABAC, no B-frames); matches CODECS
  codecs: 'avc1.42c01e,mp4a.40.2', // H.264 Constrained Baseline 3.0 + AAC-LC, written in the master playlists
  bandwidthOverhead: 1.15, // MPEG-TS overhead over the nominal audio + video bit rates, for BANDWIDTH
  posterAtSeconds: 2, // the frame grabbed for a poster, into the chosen segment
  posterRendition: '240p', // posters at this rendition's size: a phone's card is about 200x260 device pixels, the feed starts at 240p
  // JPEG qscales tried in turn (2 best .. 31 worst): the first poster within posterMaxBytes is kept, else the last one.
  posterQualities: [5, 8, 12, 16, 20, 25, 31],
  posterMaxBytes: 25_000, // 1/8 s of Slow 4G; most posters are 7-15 kB at the best quality, the noise of the cells look is not
  maxParallelEncodes: 2, // ffmpeg processes at once, one per core
  x264Threads: 1, // one encoder thread per process: at these sizes threads cost more than they save
  playFrom: 'clipfeed-demo', // vod_play_from of demo rows (no ad-source or special-source marker)
  routeName: 'Line 1', // the one route of each demo vod_play_url
  sourceKeyPrefix: 'demo:', // source_key = 'demo:<slug>'
  firstVodTime: '2025-01-01T12:00:00Z', // demo rows get fixed times, one day apart, so a re-run changes nothing
  fontCandidates: [
    '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
    '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
    '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
    '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
    '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
    'C:/Windows/Fonts/arialbd.ttf',
  ], // drawtext needs a font file; without one the titles and clocks are left out
} as const;

/** The encodes a base source can have. Ads use their own size (another resolution than the film). */
export const renditions = {
  '240p': { width: 426, height: 240, videoKbps: 120 }, // the default rendition: 100-150 kbit/s
  '360p': { width: 640, height: 360, videoKbps: 220 }, // the second variant of master-playlist videos
} as const;
export type RenditionName = keyof typeof renditions;

export const adFormat = {
  width: 320, // ads are 320x180: another resolution than any film rendition
  height: 180,
  videoKbps: 100,
  toneHz: 1000, // the classic 1 kHz line-up tone
} as const;

/** Same-look ads (same-look.ts): what each kind changes in the encode, the rest being the film's 240p one. */
export const sameLookAds = {
  resolution: { width: 320, height: 180, videoKbps: 80 }, // 'resolution': another size and bit rate
  audio: { rate: 44_100, channels: 2, kbps: 64 }, // 'audio': another sample rate and channel count
  encoderArgs: ['-preset', 'superfast', '-profile:v', 'main', '-level:v', '3.1'], // 'encoder': the film's size, another profile and x264 settings (SEI)
  ptsJumpSeconds: 5_000, // 'encoder': its timestamps jump this far ahead of the playlist's timeline
} as const;

/** Encrypted bases (encrypted.ts): AES-128 under a key tag without an IV. */
export const encryption = {
  method: 'AES-128', // whole-segment AES-128-CBC (RFC 8216 §4.3.2.4), decrypted by players themselves
  keyFile: 'key.bin', // sources/<base>/key.bin, served like the segments next to it
  keyInfoFile: '.key-info', // ffmpeg's -hls_key_info_file, next to the key: a dot-file, so never served
  keyBytes: 16, // an AES-128 key
  keyLabel: 'clipfeed demo key ', // hashed with the base id: a fixed key per base, so a re-run writes the same bytes
  ivHexDigits: 32, // an AES-128 IV is 128 bits
} as const;
