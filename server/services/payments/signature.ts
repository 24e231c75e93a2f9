// HMAC-SHA256 signatures shared with the payment provider: of a checkout's
// fields (so the visitor cannot change the amount or the return address on
// the way to the provider) and of a notification's raw body (so only the
// provider can settle a payment). Compared in constant time.

import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** Whether `given` is the hex HMAC of `text`; anything malformed is simply false. */
export function signatureMatches(secret: string, text: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(hmacHex(secret, text), 'hex'), Buffer.from(given, 'hex'));
}

const PREFIX = 'sha256=';

/** The notification header's value for a raw body. */
export function bodySignature(secret: string, rawBody: string): string {
  return `${PREFIX}${hmacHex(secret, rawBody)}`;
}

export function bodySignatureMatches(secret: string, rawBody: string, header: unknown): boolean {
  return typeof header === 'string' && header.startsWith(PREFIX) && signatureMatches(secret, rawBody, header.slice(PREFIX.length));
}
