// Every constant of the media signature (issue 19), one comment each.

export const signatureConfig = {
  probeBytes: 16 * 1024, // head Range: PAT, PMT, the first keyframe's SPS and encoder SEI and its PTS in ffmpeg/x264/x265 output
  tailProbeBytes: 8 * 1024, // suffix Range for TS audio: ffmpeg writes the first audio PES behind the keyframe, often past the head
  tsPacketBytes: 188, // MPEG-TS packet size
  tsSyncByte: 0x47, // first byte of every TS packet
  tsSyncRun: 3, // consecutive sync bytes 188 apart that mark the packet grid (2 when fewer bytes remain)
  maxPesBytes: 64 * 1024, // stop gathering one PES after this many bytes (hostile lengths)
  maxNalUnits: 64, // NAL units looked at per access unit
  ptsHz: 90_000, // MPEG-TS PTS clock
  ptsWrap: 2 ** 33, // PTS counter wraps at 33 bits
  ptsToleranceSeconds: 0.5, // a next block starting within this of the expected PTS continues the timeline
  maxEncoderChars: 160, // encoder name kept from the SEI string
  maxEncoderOptionsChars: 2000, // encoder options kept from the SEI string
  machineOptions: ['threads', 'lookahead_threads', 'sliced_threads', 'cpuid', 'frame-threads', 'numa-pools'], // encoder options that tell the encoding machine, not the encode
  fpsDigits: 1000, // frame rates rounded to 1/1000
} as const;

/** MPEG-TS stream_type values (ISO 13818-1 table 2-34 and common private ones). */
export const StreamType = {
  mpeg2Video: 0x02,
  mpeg1Audio: 0x03,
  mpeg2Audio: 0x04,
  adtsAac: 0x0f,
  latmAac: 0x11,
  id3: 0x15,
  avc: 0x1b,
  hevc: 0x24,
  ac3: 0x81,
  eac3: 0x87,
} as const;

/** AAC sampling_frequency_index -> Hz (ISO 14496-3 table 1.18). */
export const aacSampleRates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350] as const;
