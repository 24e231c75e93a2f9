// Media signature of a segment (issue 19): read, compare, check PTS continuity.

export { readMediaSignature } from './signature';
export { compareSignatures, SignatureField, type SignatureDiff } from './compare';
export { ptsContinuity } from './continuity';
export { signatureConfig } from './config';
export type { MediaSignature, SignatureError } from './types';
