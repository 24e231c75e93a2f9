// Every constant of the media probe (issue 19), one comment each.

import { signatureConfig } from '../media-signature/index';

export const probeConfig = {
  headBytes: signatureConfig.probeBytes, // Range head per probed segment: PAT/PMT, SPS, encoder SEI, first PTS
  tailBytes: signatureConfig.tailProbeBytes, // suffix Range, only when the head missed the audio of a larger TS segment
  maxRequests: 48, // requests per playlist (heads, tails, init segments): a 900-segment film costs a few dozen
  maxBytes: 1024 * 1024, // bytes per playlist, all requests together
  samples: 12, // evenly spread probes that learn the film's signature and catch ads between text blocks
  concurrency: 4, // Range requests in flight at once
  maxAdSeconds: 150, // a run longer than this is never cut on media evidence: ad breaks run 5-120 s, film parts are longer
  restartSeconds: 10, // a run whose first PTS is below this restarted its timeline (a part muxed apart), which says nothing either way
  weakScoreNeeded: 2, // weak points (other encoder, other settings, a PTS jump, text suspicion) a same-looking run needs to be an ad
} as const;

/** x264/x265 options a film changes between its own encodes (rate control, GOP length): their change alone says nothing. */
export const rateOptions: ReadonlySet<string> = new Set([
  'bitrate', 'crf', 'crf_max', 'qp', 'qpmin', 'qpmax', 'qpstep', 'ratetol', 'qcomp', 'rc', 'rc_lookahead', 'mbtree', 'vbv_maxrate',
  'vbv_bufsize', 'vbv_init', 'nal_hrd', 'filler', 'ip_ratio', 'pb_ratio', 'cplxblur', 'qblur', 'keyint', 'keyint_min', 'scenecut',
]);
